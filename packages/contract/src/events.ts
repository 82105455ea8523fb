import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * `GET /api/eventos`: server-sent events, one JSON `LiveEvent` per `data:` line
 * (default `message` event, `id:` a per-connection sequence). Filtered to the
 * caller's systems. Comment lines (`: ping`) every 15 s keep proxies open.
 *
 * EventSource cannot send headers, so the stream also accepts the access token
 * as `?access_token=`. The stream ends when that token expires; the client
 * reopens it with its current token.
 */
export const EVENTS_HEARTBEAT_MS = 15_000;
/** `retry:` hint sent first: how long the browser waits before reconnecting. */
export const EVENTS_RETRY_MS = 3_000;

const id = z.number().int();

export const liveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('occurrence.opened'),
    sisId: id,
    deviceId: id,
    occurrenceId: id,
    critico: z.number().int(),
    /** Shelved or its device out of service: listed in history only, not annunciated. */
    suprimido: z.boolean().optional(),
  }),
  z.object({ type: z.literal('occurrence.cleared'), sisId: id, deviceId: id, occurrenceId: id }),
  z.object({
    type: z.literal('occurrence.acknowledged'),
    sisId: id,
    deviceId: id,
    occurrenceIds: z.array(id),
    userId: id,
  }),
  z.object({
    type: z.literal('occurrence.shelved'),
    sisId: id,
    deviceId: id,
    occurrenceIds: z.array(id),
    userId: id,
    /** Epoch seconds the shelf ends. */
    ate: z.number().int(),
  }),
  z.object({
    type: z.literal('occurrence.unshelved'),
    sisId: id,
    deviceId: id,
    occurrenceIds: z.array(id),
    /** Null: the shelf's time ended. */
    userId: id.nullable(),
  }),
  z.object({
    type: z.literal('device.service'),
    sisId: id,
    deviceId: id,
    foraDeServico: z.boolean(),
    userId: id,
  }),
  /** A comment was added to or deleted from an occurrence (issue 17): an open detail refreshes. */
  z.object({
    type: z.literal('occurrence.commented'),
    sisId: id,
    deviceId: id,
    occurrenceId: id,
  }),
  z.object({
    type: z.literal('command.status'),
    sisId: id,
    deviceId: id,
    commandId: id,
    statusWebId: z.number().int(),
  }),
  /**
   * Readings of a system were stored: at most one a second per system (more when its
   * devices do not fit one event), naming every device that reported since the last.
   */
  z.object({
    type: z.literal('readings.updated'),
    sisId: id,
    /** Each device with the epoch seconds of its newest reading. */
    devices: z.array(z.object({ deviceId: id, ts: z.number() })).min(1),
    /** The reading names these devices reported. */
    names: z.array(z.string()),
  }),
  /** Spec 000 §4 "fuel add": a site's day of consumption was saved. */
  z.object({
    type: z.literal('fuel.entries'),
    sisId: id,
    deviceId: id,
    /** The local day, 'YYYY-MM-DD'. */
    dataRef: z.string(),
    userId: id,
  }),
  /** Spec 000 §4 "fuel config": a site's fuel configuration was changed. */
  z.object({ type: z.literal('fuel.config'), sisId: id, deviceId: id, userId: id }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;
export type LiveEventType = LiveEvent['type'];

export const EVENTS_API = {
  /** EventSource: the console opens it with the table's path, not through `call()`. */
  stream: defineRoute({
    method: 'GET',
    path: '/api/eventos',
    query: z.object({ access_token: z.string().optional() }),
    answer: z.string().describe('text/event-stream'),
    errors: { 401: 'Sem sessão válida (token ausente, inválido ou expirado)' },
    tags: ['eventos'],
    summary: 'Eventos ao vivo (text/event-stream) dos sistemas do usuário',
    description:
      'Cada mensagem traz em `data:` um `LiveEvent` em JSON. EventSource não envia ' +
      'cabeçalhos, por isso o token também é aceito em `?access_token=` (fica em logs de ' +
      'proxies: o token é de curta duração e o fluxo termina quando ele expira).',
  }),
};
