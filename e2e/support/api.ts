import { createHash } from 'node:crypto';
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

/** The demo seed's device key (apps/server/src/seed/demoFleet.ts `demoDeviceKey`, seed 1). */
function demoDeviceKey(deviceId: number, seed = 1): string {
  const hex = createHash('sha256').update(`vigia-demo:${seed}:${deviceId}`).digest('hex');
  return `vd_${deviceId}_${hex.slice(0, 24)}`;
}

/** Readings of a demo device, now, through the device ingest (as the device would send them). */
export async function publishDemoReadings(
  baseUrl: string,
  deviceId: number,
  leituras: Record<string, number>,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/ingest`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-device-key': demoDeviceKey(deviceId) },
    body: JSON.stringify({ ts: Math.floor(Date.now() / 1000), leituras }),
  });
  if (response.status !== 202) throw new Error(`ingestão falhou: ${response.status}`);
}
