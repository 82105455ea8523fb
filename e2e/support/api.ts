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
