import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, ChangePasswordResponse } from '@vigia/contract';
import { request } from '../../../lib/http';

export const CHANGE_PASSWORD_PATH = '/api/User/alterarSenha';

/** Failures come back to the form (shown next to the fields), not as a toast. */
export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return request<ChangePasswordResponse>(CHANGE_PASSWORD_PATH, {
    method: 'POST',
    json: body,
    quiet: true,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
