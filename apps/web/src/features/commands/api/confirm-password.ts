import { useMutation } from '@tanstack/react-query';
import type { ConfirmPasswordResponse } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** `POST /api/User/confirmarSenha`: failures come back to the dialog, not as a toast. */
export function confirmPassword(senha: string): Promise<ConfirmPasswordResponse> {
  return call(API.commands.confirmPassword, { body: { senha } }, { quiet: true });
}

export function useConfirmPassword() {
  return useMutation({ mutationFn: confirmPassword });
}
