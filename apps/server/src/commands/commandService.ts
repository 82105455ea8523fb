import type { CommandAccepted } from '@vigia/contract';
import {
  COMMAND_LOGIN_EXPIRY_MS,
  COMMAND_STATUS,
  COMMAND_TTL_MS,
  commandLoginValid,
  MESSAGES,
} from '@vigia/domain';
import { type Publish, toPublish } from '../alarms/publish.js';
import { hasCommandRight } from '../auth/scope.js';
import type { UserContext } from '../auth/userContext.js';
import { badRequest, conflict, forbidden, type HttpError, notFound } from '../plugins/httpError.js';
import {
  advanceCommand,
  auditCommand,
  type CommandAuditEntry,
  confirmedAt,
  dueCommands,
  findCommand,
  findCommandByKey,
  findCommandDevice,
  findCommandType,
  insertCommand,
  openCommands,
  recordConfirmation,
  type StoredCommand,
} from '../store/commands/commandStore.js';
import type { Store } from '../store/database.js';
import { parseStatusAnswer } from './topics.js';
import type { CommandLink } from './transport.js';

export interface CommandServiceOptions {
  store: Store;
  link: CommandLink;
  /** Where `command.status` events go. */
  publish?: Publish;
  /** A command unanswered this long ends expired (default COMMAND_TTL_MS). */
  ttlMs?: number;
  /** How often due commands are expired (default 1 s). */
  sweepMs?: number;
  /** Clock in epoch milliseconds (tests). */
  now?: () => number;
  log?: { error(obj: unknown, msg?: string): void };
}

export interface CommandRequestContext {
  user: UserContext;
  /** Client address, for the audit. */
  address: string;
  deviceId: number;
  comandoId: number;
  idempotencyKey: string | null;
}

export interface CommandService {
  /** Checks, stores, audits and publishes one command (see README.md). */
  send(request: CommandRequestContext): Promise<CommandAccepted>;
  /** Records a fresh password confirmation of the caller's session; answers until when it holds (ms). */
  confirm(user: UserContext): Promise<number>;
  /** A device's answer on its status topic. */
  handleStatus(deviceId: number, payload: unknown): Promise<void>;
  /** Expires the commands due now (the sweep's step). */
  expireDue(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the command service: expires what ended while the server was down,
 * publishes again what is still open (a restart loses no queued command),
 * listens to the devices' answers and expires unanswered commands.
 */
export async function startCommandService(opts: CommandServiceOptions): Promise<CommandService> {
  const { store, link } = opts;
  const db = store.db;
  const nowMs = opts.now ?? Date.now;
  const nowS = () => Math.floor(nowMs() / 1000);
  const ttlS = Math.max(1, Math.round((opts.ttlMs ?? COMMAND_TTL_MS) / 1000));
  const publish = toPublish(opts.publish);
  const logError = (error: unknown, msg: string) => opts.log?.error({ err: error }, msg);

  const event = (c: Pick<StoredCommand, 'id' | 'deviceId' | 'systemId'>, statusWebId: number) =>
    publish({
      type: 'command.status',
      sisId: c.systemId,
      deviceId: c.deviceId,
      commandId: c.id,
      statusWebId,
    });

  const deliver = (c: StoredCommand) => {
    link
      .send(c.deviceId, c.message)
      .catch((error) => logError(error, 'comandos: publicação falhou'));
  };

  async function refuse(
    entry: Omit<CommandAuditEntry, 'action' | 'now' | 'commandId'>,
    error: HttpError,
  ): Promise<never> {
    await auditCommand(db, { ...entry, action: 'comando.recusado', commandId: null, now: nowS() });
    throw error;
  }

  async function advance(c: StoredCommand, status: number): Promise<void> {
    const now = nowS();
    if (!(await advanceCommand(db, c.id, c.deviceId, status, now))) return;
    await auditCommand(db, {
      action: 'comando.estado',
      userId: null,
      deviceId: c.deviceId,
      endereco: null,
      commandId: c.id,
      comandoId: null,
      comandoNome: c.nome,
      resultado: status === COMMAND_STATUS.expired ? 'expirado' : `status ${status}`,
      now,
    });
    event(c, status);
  }

  const service: CommandService = {
    async send(r) {
      const asked = {
        userId: r.user.id,
        deviceId: r.deviceId,
        endereco: r.address,
        comandoId: r.comandoId,
      };
      const device = await findCommandDevice(db, r.deviceId, r.user.systemIds);
      if (!device) {
        return refuse(
          { ...asked, comandoNome: null, resultado: 'dispositivo fora do usuário' },
          notFound(),
        );
      }
      // Looked up before the right is checked, so that a refusal names the command too.
      const type = await findCommandType(db, device.templateId, r.comandoId);
      const audit = { ...asked, comandoNome: type?.nome ?? null };
      if (!hasCommandRight(r.user)) {
        return refuse({ ...audit, resultado: 'sem direito' }, forbidden(MESSAGES.noCommandRight));
      }
      if (!type) {
        return refuse(
          { ...audit, resultado: 'comando inexistente' },
          badRequest(MESSAGES.unknownCommand),
        );
      }
      const at = await confirmedAt(db, r.user.id, r.user.sessionId);
      if (!commandLoginValid(at === undefined ? undefined : at * 1000, nowMs())) {
        return refuse(
          { ...audit, resultado: 'sem confirmação de senha' },
          forbidden(MESSAGES.commandLoginRequired),
        );
      }
      const accepted = (c: StoredCommand): CommandAccepted => ({
        id: c.id,
        statusWebId: c.statusWebId,
        mensagem: MESSAGES.commandSent,
      });
      const repeated = async (c: StoredCommand) => {
        if (c.deviceId !== device.id || c.commandTypeId !== type.id) {
          return refuse(
            { ...audit, resultado: 'chave já usada em outro comando' },
            conflict(MESSAGES.idempotencyKeyReused),
          );
        }
        await auditCommand(db, {
          ...audit,
          action: 'comando.enviado',
          commandId: c.id,
          resultado: 'repetido: não reenviado',
          now: nowS(),
        });
        return accepted(c);
      };
      if (r.idempotencyKey) {
        const earlier = await findCommandByKey(db, r.user.id, r.idempotencyKey);
        if (earlier) return repeated(earlier);
      }
      const now = nowS();
      const id = await insertCommand(db, {
        userId: r.user.id,
        deviceId: device.id,
        commandTypeId: type.id,
        parameterId: type.parameter_id,
        comando: type.comando,
        idempotencyKey: r.idempotencyKey,
        now,
        expiresAt: now + ttlS,
      });
      if (id === undefined) {
        // The same key raced in: the other request stored it.
        const earlier = r.idempotencyKey
          ? await findCommandByKey(db, r.user.id, r.idempotencyKey)
          : undefined;
        if (!earlier) throw new Error('comando não gravado');
        return repeated(earlier);
      }
      const stored = await findCommand(db, id);
      if (!stored) throw new Error('comando gravado não encontrado');
      await auditCommand(db, {
        ...audit,
        action: 'comando.enviado',
        commandId: id,
        resultado: 'enviado',
        now,
      });
      event(stored, COMMAND_STATUS.queued);
      deliver(stored);
      return accepted(stored);
    },

    async confirm(user) {
      const now = nowMs();
      await recordConfirmation(db, user.id, user.sessionId, Math.floor(now / 1000));
      return Math.floor(now / 1000) * 1000 + COMMAND_LOGIN_EXPIRY_MS;
    },

    async handleStatus(deviceId, payload) {
      const answer = parseStatusAnswer(payload);
      if (!answer) return;
      const command = await findCommand(db, answer.id);
      if (!command || command.deviceId !== deviceId) return;
      await advance(command, answer.statusWebId);
    },

    async expireDue() {
      for (const c of await dueCommands(db, nowS())) await advance(c, COMMAND_STATUS.expired);
    },

    async close() {
      stopped = true;
      clearInterval(timer);
      await sweeping;
    },
  };

  let stopped = false;
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = () => {
    if (stopped) return;
    sweeping = sweeping
      .then(() => service.expireDue())
      .catch((error) => logError(error, 'comandos: expiração falhou'));
  };

  link.onStatus((deviceId, payload) => {
    service
      .handleStatus(deviceId, payload)
      .catch((error) => logError(error, 'comandos: resposta do dispositivo falhou'));
  });
  await service.expireDue();
  for (const c of await openCommands(db)) deliver(c);
  const timer = setInterval(sweep, opts.sweepMs ?? 1000);
  timer.unref();
  return service;
}
