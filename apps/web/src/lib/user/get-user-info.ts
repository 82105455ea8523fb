import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../api';

export function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return call(API.user.userinfo, {}, { signal });
}

// The signed-in user and their systems change only through a new sign-in,
// which reloads the page: fetched once per page.
export function userInfoQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'info'],
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}
