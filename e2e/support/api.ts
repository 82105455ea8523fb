import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type TokenResponse, type UserInfo, WEB_CLIENT_ID } from '@vigia/contract';

/** Signs in through the real token endpoint, as the console does. */
export async function passwordGrant(baseUrl: string, username: string, password: string) {
  return fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password,
      client_id: WEB_CLIENT_ID,
    }),
  });
}

export async function tokensFor(baseUrl: string, username: string, password = username) {
  const response = await passwordGrant(baseUrl, username, password);
  if (!response.ok) throw new Error(`login de ${username} falhou: ${response.status}`);
  return (await response.json()) as TokenResponse;
}

export async function userInfo(baseUrl: string, accessToken: string): Promise<UserInfo> {
  const response = await fetch(`${baseUrl}/api/User/userinfo`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok) throw new Error(`userinfo falhou: ${response.status}`);
  return (await response.json()) as UserInfo;
}

export async function refreshGrant(baseUrl: string, refreshToken: string) {
  return fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: WEB_CLIENT_ID,
    }),
  });
}

/** The random key the server issued a device at start (`<id> <key>` lines; the last one holds). */
function issuedDeviceKey(dataDir: string, deviceId: number): string {
  let key: string | undefined;
  for (const line of readFileSync(join(dataDir, 'chaves-dispositivos.txt'), 'utf8').split('\n')) {
    const [id, value] = line.split(' ');
    if (Number(id) === deviceId && value) key = value;
  }
  if (!key) throw new Error(`sem chave emitida para o dispositivo ${deviceId}`);
  return key;
}

/** Readings of a demo device, now, through the device ingest (as the device would send them). */
export async function publishDemoReadings(
  server: { url: string; dataDir: string },
  deviceId: number,
  leituras: Record<string, number>,
): Promise<void> {
  const response = await fetch(`${server.url}/api/ingest`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'x-device-key': issuedDeviceKey(server.dataDir, deviceId),
    },
    body: JSON.stringify({ ts: Math.floor(Date.now() / 1000), leituras }),
  });
  if (response.status !== 202) throw new Error(`ingestão falhou: ${response.status}`);
}
