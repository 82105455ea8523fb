import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

/** A real SMTP server on loopback (no TLS, no sign-in) that keeps what it receives. */
export interface TestMailServer {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Stops listening (the mail server is down) … */
  stop(): Promise<void>;
  /** … and listens again on the same port. */
  start(): Promise<void>;
}

/** `delayMs`: about how long each message waits (½ to 1½ of it) before the server answers for it (a slow mail server). */
export async function startTestMailServer(port = 0, delayMs = 0): Promise<TestMailServer> {
  const mails: ReceivedMail[] = [];
  let server: SMTPServer;
  let bound = port;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then(async (mail) => {
              if (delayMs > 0) {
                await new Promise((r) => setTimeout(r, delayMs * (0.5 + Math.random())));
              }
              const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
              mails.push({
                to: to?.value[0]?.address ?? '',
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                messageId: mail.messageId ?? '',
              });
              callback();
            })
            .catch(callback);
        },
      });
      server.once('error', reject);
      server.listen(bound, '127.0.0.1', () => {
        bound = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return bound;
    },
    get url() {
      return `smtp://127.0.0.1:${bound}`;
    },
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start: listen,
  };
}

export interface ReceivedHook {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A local HTTP receiver of webhooks: answers 204, or `status` while set. */
export async function startTestHookReceiver(): Promise<{
  url: string;
  hooks: ReceivedHook[];
  status: number;
  close(): Promise<void>;
}> {
  const hooks: ReceivedHook[] = [];
  const state = { status: 204 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.status < 300) {
        hooks.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      }
      res.statusCode = state.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/gancho`,
    hooks,
    get status() {
      return state.status;
    },
    set status(value: number) {
      state.status = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
