import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, ChangePasswordResponse } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Failures come back to the form (shown next to the fields), not as a toast. */
export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return call(API.user.changePassword, { body }, { quiet: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
