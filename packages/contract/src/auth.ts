import { z } from 'zod';
import { WEB_CLIENT_ID } from './client.js';
import { errorBody } from './errors.js';
import { defineRoute } from './route.js';

/** `POST /oauth/token`, form body (RFC 6749 §4.3 and §6). */
export const tokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z.string().min(1).max(120),
    password: z.string().min(1).max(200),
    client_id: z.string().optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(500),
    client_id: z.string().optional(),
  }),
]);
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int().positive(),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** OAuth error body: `invalid_grant`, `invalid_client`, `unsupported_grant_type`, `invalid_request`, `access_denied`. */
export const oauthError = z.object({
  error: z.string(),
  error_description: z.string().optional(),
  /** `invalid_request`: which form fields are wrong and why (pt-BR). */
  detalhes: z.array(z.object({ campo: z.string(), mensagem: z.string() })).optional(),
});
export type OAuthError = z.infer<typeof oauthError>;

/** `POST /api/oauth/logout`: revokes the refresh token family (body optional). */
export const logoutRequest = z.object({ refresh_token: z.string().max(500).optional() });

export const AUTH_API = {
  /** Form-encoded (RFC 6749): the console posts it itself, with the table's path. */
  token: defineRoute({
    method: 'POST',
    path: '/oauth/token',
    public: true,
    body: tokenRequest,
    answer: tokenResponse,
    errors: {
      400: 'Pedido inválido, credenciais inválidas (invalid_grant) ou grant não suportado',
      401: 'Cliente OAuth desconhecido',
      403: 'Usuário bloqueado',
      429: 'Tentativas demais',
    },
    errorAnswer: oauthError,
    tags: ['autenticação'],
    summary: 'Emite tokens (RFC 6749: grant_type password ou refresh_token)',
    description:
      `Corpo \`application/x-www-form-urlencoded\`. Cliente público \`${WEB_CLIENT_ID}\` ` +
      'em `client_id` ou HTTP Basic. Tentativas de login limitadas por usuário e endereço.',
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/oauth/logout',
    public: true,
    body: logoutRequest.nullish(),
    answer: z.null(),
    status: 204,
    errors: { 401: 'Nem token de acesso nem refresh token válidos' },
    errorAnswer: errorBody,
    tags: ['autenticação'],
    summary: 'Encerra a sessão: revoga a família do refresh token',
    description:
      'Aceita o token de acesso (Authorization: Bearer) e/ou `refresh_token` no corpo; ' +
      'sem nenhum dos dois válidos responde 401 invalid_token.',
  }),
};
