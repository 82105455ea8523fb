import type { UserRecord } from '../store/users/users.js';

export { findUserById, findUserByLogin, type UserRecord } from '../store/users/users.js';

/** Who is calling, resolved from the access token on every `/api` request. */
export interface UserContext extends Omit<UserRecord, 'blocked' | 'passwordHash'> {
  /** Refresh family (sign-in session) of the presented token. */
  sessionId: string;
}

/** The user as a request sees it: the stored record without what only sign-in reads. */
export function userProfile({
  blocked: _blocked,
  passwordHash: _passwordHash,
  ...profile
}: UserRecord): Omit<UserContext, 'sessionId'> {
  return profile;
}
