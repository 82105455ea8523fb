import { MESSAGES } from '@vigia/domain';
import { z } from 'zod';

/** A client system the user may see (spec 001 §3 User). */
export const sistema = z.object({
  id: z.number().int(),
  nome: z.string(),
  empresa: z.string(),
  /** Per-system configuration: the route the system opens on ('geradores' for system 121 in the demo). */
  home: z.string().nullable(),
});
export type Sistema = z.infer<typeof sistema>;

/** `GET /api/User/userinfo`. */
export const userInfo = z.object({
  id: z.number().int(),
  login: z.string(),
  nome: z.string(),
  acesso: z.number().int(),
  direitos_id: z.array(z.number().int()),
  administrador: z.boolean(),
  sistemas: z.array(sistema),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Shortest new password `/api/User/alterarSenha` accepts. */
export const MIN_PASSWORD_LENGTH = 8;

/** `/api/User/alterarSenha` (POST): current password, new one and its confirmation. */
export const changePasswordRequest = z
  .object({
    senhaAtual: z.string().min(1).max(200),
    novaSenha: z.string().min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort).max(200),
    confirmacao: z.string().max(200),
  })
  .refine((v) => v.novaSenha === v.confirmacao, {
    message: MESSAGES.passwordMismatch,
    path: ['confirmacao'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** Success of `/api/User/alterarSenha`: `mensagem` is 'Senha alterada com sucesso!'. */
export const changePasswordResponse = z.object({ mensagem: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

/** `GET /api/User/listatipos?sisid=`: device totals per type of one system. */
export const listaTiposQuery = z.object({ sisid: z.coerce.number().int().nonnegative() });
export const tipoTotal = z.object({
  /** Device type, lower-cased (`gerador`, `qta`, `tfr`, `ups`, `tanque`, `medidor`, …). */
  tipo: z.string(),
  total: z.number().int(),
  online: z.number().int(),
  comAlarme: z.number().int(),
});
export const listaTiposResponse = z.array(tipoTotal);
export type TipoTotal = z.infer<typeof tipoTotal>;
