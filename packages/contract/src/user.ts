import { MESSAGES, SYSTEM_FEATURES } from '@vigia/domain';
import { z } from 'zod';
import { defineRoute } from './route.js';

/** A client system the user may see (spec 001 §3 User). */
export const sistema = z.object({
  id: z.number().int(),
  nome: z.string(),
  empresa: z.string(),
  /** Per-system configuration: the route the system opens on ('geradores' for system 121 in the demo). */
  home: z.string().nullable(),
  /**
   * The system's features (fuel, contracts, health plan …): the console offers
   * only their screens. The server always sends it; absent reads as none.
   */
  recursos: z.array(z.enum(SYSTEM_FEATURES)).optional(),
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
  /** Creates companies and systems (administration, issue 28). */
  administradorPlataforma: z.boolean().optional(),
  /** Signed in with a temporary password: the console asks for a new one before anything else. */
  trocarSenha: z.boolean().optional(),
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

const TAGS = ['usuário'];

export const USER_API = {
  userinfo: defineRoute({
    method: 'GET',
    path: '/api/User/userinfo',
    answer: userInfo,
    errors: { 401: 'Sem sessão válida' },
    tags: TAGS,
    summary: 'O usuário da sessão, seus direitos e seus sistemas',
  }),
  changePassword: defineRoute({
    method: 'POST',
    alsoMethods: ['PUT'],
    path: '/api/User/alterarSenha',
    body: changePasswordRequest,
    answer: changePasswordResponse,
    errors: {
      400: 'Senha atual errada, nova senha curta ou sem confirmação igual',
      401: 'Sem sessão válida',
      429: 'Tentativas demais',
    },
    tags: TAGS,
    summary: 'Troca a senha; encerra as outras sessões do usuário',
  }),
  listaTipos: defineRoute({
    method: 'GET',
    path: '/api/User/listatipos',
    query: listaTiposQuery,
    answer: listaTiposResponse,
    errors: { 400: 'sisid inválido', 401: 'Sem sessão válida', 404: 'Sistema fora do usuário' },
    tags: TAGS,
    summary: 'Totais de dispositivos por tipo: total, online e com alarme ativo',
    description: '`sisid=0`: todos os sistemas do usuário. Sistema fora do usuário: 404.',
  }),
};
