import { createHmac } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxPayload, OutboxRow } from '../store/notifications/outbox.js';
import { webhookUrlProblem } from './webhookAddress.js';

/** Delivers one message; throws with a short reason when it was not taken. */
export type ChannelSend = (
  row: OutboxRow,
  payload: OutboxPayload,
  secret: string | null,
) => Promise<void>;

export interface Channels {
  email: ChannelSend;
  webhook: ChannelSend;
  close(): void;
}

export interface ChannelOptions {
  smtpUrl: string | undefined;
  smtpFrom: string;
  webhookPrivate: boolean;
  /** Longest wait for a webhook's answer or an SMTP step, ms. */
  timeoutMs?: number;
}

/** The webhook's signature header: `sha256=` and the HMAC-SHA256 of the body, hex. */
export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * E-mail through nodemailer over SMTP (STARTTLS when the server offers it,
 * smtps:// for TLS from the start) and webhooks as a signed JSON POST. The
 * message's idempotency key travels as the e-mail's Message-ID and the
 * webhook's `X-Vigia-Id`, so a receiver can drop a repeat.
 */
export function createChannels(opts: ChannelOptions): Channels {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  let transport: Transporter | undefined;
  const mailer = () => {
    if (!opts.smtpUrl) throw new Error('VIGIA_SMTP_URL não configurado');
    transport ??= nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    return transport;
  };
  return {
    async email(row, payload) {
      await mailer().sendMail({
        from: opts.smtpFrom,
        to: row.recipient,
        subject: payload.assunto,
        text: payload.texto,
        messageId: `<${row.idempotency_key}@vigia>`,
        headers: { 'X-Vigia-Id': row.idempotency_key },
      });
    },
    async webhook(row, payload, secret) {
      const problem = await webhookUrlProblem(row.recipient, opts.webhookPrivate);
      if (problem) throw new Error(problem);
      const body = JSON.stringify({
        id: row.idempotency_key,
        tipo: row.kind,
        assunto: payload.assunto,
        texto: payload.texto,
        ...payload.dados,
      });
      const response = await fetch(row.recipient, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-vigia-id': row.idempotency_key,
          'idempotency-key': row.idempotency_key,
          ...(secret ? { 'x-vigia-assinatura': signatureOf(secret, body) } : {}),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`webhook respondeu ${response.status}`);
    },
    close() {
      transport?.close();
    },
  };
}
