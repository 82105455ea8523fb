import {
  ALARM_CRITICAL_MIN,
  alarmNotificationText,
  floodSummaryText,
  type NotificationChannel,
  type NotificationPreferences,
  notificationFilter,
  onShift,
  retryDelaySeconds,
} from '@vigia/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { EventBus } from '../events/eventBus.js';
import type { Store } from '../store/database.js';
import {
  claimDueMessages,
  countRecentAlarmMessages,
  dueSummaries,
  enqueueMessages,
  type NewMessage,
  type OutboxPayload,
  type OutboxRow,
  recordAttempt,
  summarizeHeld,
} from '../store/notifications/outbox.js';
import { preferencesOf, readPreferences } from '../store/notifications/preferences.js';
import {
  type AlarmFacts,
  alarmFacts,
  type Candidate,
  dueEscalations,
  systemCandidates,
  takeEscalationStep,
} from '../store/notifications/recipients.js';
import type { Database } from '../store/schema.js';
import { type Channels, createChannels } from './channels.js';

export interface NotificationServiceOptions {
  store: Store;
  bus: EventBus;
  config: Config['notifications'];
  /** Clock in epoch milliseconds (tests). */
  now?: () => number;
  /** Channel adapters (default: SMTP and webhook from the config). */
  channels?: Channels;
  log?: {
    warn(obj: unknown, msg?: string): void;
    error(obj: unknown, msg?: string): void;
  };
}

export interface NotificationService {
  /** Decides who is told of an occurrence and writes their messages; answers how many. */
  decide(occurrenceId: number): Promise<number>;
  /** One pass of the worker: due summaries, escalation steps, due deliveries. */
  tick(): Promise<void>;
  close(): Promise<void>;
}

const CLAIM_BATCH = 20;

/** The channels a user's preferences send to, with their addresses. */
function channelsOf(p: NotificationPreferences): [NotificationChannel, string][] {
  const out: [NotificationChannel, string][] = [];
  if (p.email && p.enderecoEmail) out.push(['email', p.enderecoEmail]);
  if (p.webhook && p.webhookUrl) out.push(['webhook', p.webhookUrl]);
  return out;
}

/**
 * Alarm notifications (README.md in this folder): on `occurrence.opened` the
 * notifier writes one outbox row per user and channel whose preferences take
 * the alarm (held past the flood limit); the worker turns held rows into one
 * summary per window, takes due escalation steps and delivers due rows under
 * a lease, retrying with backoff until the attempts run out.
 */
export function startNotificationService(opts: NotificationServiceOptions): NotificationService {
  const { store, config } = opts;
  const db = store.db;
  const nowMs = opts.now ?? Date.now;
  const nowS = () => Math.floor(nowMs() / 1000);
  const channels =
    opts.channels ??
    createChannels({
      smtpUrl: config.smtpUrl,
      smtpFrom: config.smtpFrom,
      webhookPrivate: config.webhookPrivate,
    });
  // The alarm's device as a site, on its active alarms: the console's route
  // 'main.site.occurrences.active' (a device outside a plant or SCD carries 0 there).
  const alarmLink = (f: AlarmFacts) =>
    `${config.publicUrl}/#/${f.systemId}/site/${f.scdId ?? 0}/${f.usinaId ?? 0}/${f.deviceId}/ocorrencias/ativas`;
  const systemAlarmsLink = (systemId: number) => `${config.publicUrl}/#/${systemId}/ocorrencias`;
  const logError = (err: unknown, msg: string) => opts.log?.error({ err }, msg);

  const messageOf = (facts: AlarmFacts, extra: { etapa?: 1 | 2; minutos?: number } = {}) => {
    const link = alarmLink(facts);
    const text = alarmNotificationText({
      ...facts,
      link,
      ...(extra.etapa ? { etapa: extra.etapa, minutosSemReconhecimento: extra.minutos } : {}),
    });
    const payload: OutboxPayload = {
      ...text,
      dados: {
        ocorrenciaId: facts.occurrenceId,
        sisId: facts.systemId,
        sistema: facts.sistema,
        dispositivoId: facts.deviceId,
        dispositivo: facts.dispositivo,
        local: facts.local,
        alarme: facts.alarme,
        critico: facts.critico,
        valor: facts.valor,
        horaAtivacao: facts.horaAtivacao,
        link,
        ...(extra.etapa ? { etapa: extra.etapa } : {}),
      },
    };
    return payload;
  };

  async function decideNow(occurrenceId: number): Promise<number> {
    const facts = await alarmFacts(db, occurrenceId);
    if (!facts || facts.isEvent) return 0;
    const at = nowMs();
    const now = Math.floor(at / 1000);
    const payload = messageOf(facts);
    const alarm = {
      sisId: facts.systemId,
      critico: facts.critico,
      tipoDispositivo: facts.tipoDispositivo,
      at,
    };
    const takers = (await systemCandidates(db, facts.systemId)).flatMap((c) => {
      if (c.prefs === null) return [];
      const prefs = preferencesOf(c.prefs);
      return notificationFilter(prefs, alarm, c.shift) === null
        ? [{ userId: c.userId, prefs }]
        : [];
    });
    const recent = await countRecentAlarmMessages(
      db,
      takers.map((c) => c.userId),
      now - config.floodWindowSeconds,
    );
    const messages: NewMessage[] = takers.flatMap(({ userId, prefs }) =>
      channelsOf(prefs).map(([channel, recipient]) => ({
        idempotencyKey: `alarme-${occurrenceId}-${userId}-${channel}`,
        systemId: facts.systemId,
        occurrenceId,
        userId,
        kind: 'alarme' as const,
        channel,
        recipient,
        payload,
        status:
          (recent.get(`${userId}:${channel}`) ?? 0) >= prefs.maxPorJanela
            ? ('held' as const)
            : ('pending' as const),
      })),
    );
    return enqueueMessages(db, messages, now);
  }

  /** The held messages of a flood, counted, as one summary. */
  const summaryOf = (held: OutboxRow[]): Omit<NewMessage, 'status'> => {
    const first = held[0] as OutboxRow;
    const facts = held.map(
      (h) =>
        (JSON.parse(h.payload) as OutboxPayload).dados as { alarme?: string; critico?: number },
    );
    const byName = new Map<string, number>();
    for (const f of facts) byName.set(f.alarme ?? '---', (byName.get(f.alarme ?? '---') ?? 0) + 1);
    const times = held.map((h) => Number(h.created_at));
    const systems = new Set(held.map((h) => h.system_id));
    const link =
      systems.size === 1
        ? systemAlarmsLink(first.system_id)
        : `${config.publicUrl}/#/0/ocorrenciasSistemas`;
    const text = floodSummaryText({
      total: held.length,
      criticos: facts.filter((f) => (f.critico ?? 0) >= ALARM_CRITICAL_MIN).length,
      primeiro: Math.min(...times),
      ultimo: Math.max(...times),
      alarmes: [...byName]
        .map(([nome, quantidade]) => ({ nome, quantidade }))
        .sort((a, b) => b.quantidade - a.quantidade)
        .slice(0, 10),
      link,
    });
    return {
      idempotencyKey: `resumo-${first.user_id}-${first.channel}-${Math.min(...held.map((h) => Number(h.id)))}`,
      systemId: first.system_id,
      occurrenceId: null,
      userId: first.user_id,
      kind: 'resumo',
      channel: first.channel,
      recipient: held[held.length - 1]?.recipient ?? first.recipient,
      payload: {
        ...text,
        dados: { resumo: true, total: held.length, alarmes: Object.fromEntries(byName), link },
      },
    };
  };

  async function summarize(now: number): Promise<void> {
    for (const due of await dueSummaries(db, now - config.floodWindowSeconds)) {
      await summarizeHeld(db, due.user_id, due.channel, now, summaryOf);
    }
  }

  /** Escalation recipients: on shift now (step 1) or administrators (step 2), by their channels. */
  const escalationChannels = (c: Candidate): [NotificationChannel, string][] => {
    const own = c.prefs === null ? [] : channelsOf(preferencesOf(c.prefs));
    if (own.length > 0) return own;
    return c.email ? [['email', c.email]] : [];
  };

  async function escalate(): Promise<void> {
    const at = nowMs();
    const now = Math.floor(at / 1000);
    const unit = config.escalationMinuteSeconds;
    for (const step of [1, 2] as const) {
      for (const due of await dueEscalations(db, step, now, unit)) {
        const facts = await alarmFacts(db, due.occurrenceId);
        if (!facts) continue;
        const payload = messageOf(facts, {
          etapa: step,
          minutos: Math.max(0, Math.floor((now - due.raisedAt) / unit)),
        });
        await takeEscalationStep(
          db,
          {
            occurrenceId: due.occurrenceId,
            systemId: due.systemId,
            deviceId: facts.deviceId,
            step,
            now,
          },
          async (trx: Kysely<Database>) => {
            const people = (await systemCandidates(trx, due.systemId)).filter((c) =>
              step === 1 ? onShift(c.shift, at) : c.administrator,
            );
            const messages: NewMessage[] = people.flatMap((c) =>
              escalationChannels(c).map(([channel, recipient]) => ({
                idempotencyKey: `escalonamento-${due.occurrenceId}-${step}-${c.userId}-${channel}`,
                systemId: due.systemId,
                occurrenceId: due.occurrenceId,
                userId: c.userId,
                kind: 'escalonamento' as const,
                channel,
                recipient,
                payload,
                status: 'pending' as const,
              })),
            );
            return {
              notified: await enqueueMessages(trx, messages, now),
              userIds: people.map((c) => c.userId),
            };
          },
        );
      }
    }
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const payload = JSON.parse(row.payload) as OutboxPayload;
    const node = config.node;
    try {
      const secret =
        row.channel === 'webhook' ? (await readPreferences(db, row.user_id)).webhookSecret : null;
      await channels[row.channel](row, payload, secret);
      await recordAttempt(db, row, node, { ok: true, now: nowS() });
    } catch (err) {
      const attempts = row.attempts + 1;
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const now = nowS();
      opts.log?.warn(
        { id: row.id, canal: row.channel, tentativa: attempts, erro: error },
        'notificação não entregue',
      );
      await recordAttempt(db, row, node, {
        ok: false,
        now,
        error,
        retryAt:
          attempts >= config.attempts
            ? null
            : now + retryDelaySeconds(attempts, config.retrySeconds),
      });
    }
  }

  async function deliverDue(): Promise<void> {
    for (;;) {
      const now = nowS();
      const rows = await claimDueMessages(
        store,
        config.node,
        now,
        now + config.leaseSeconds,
        CLAIM_BATCH,
      );
      await Promise.all(rows.map((row) => deliver(row)));
      if (rows.length < CLAIM_BATCH || closed) return;
    }
  }

  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let decisions: Promise<unknown> = Promise.resolve();

  async function pass(): Promise<void> {
    const now = nowS();
    await summarize(now);
    await escalate();
    await deliverDue();
  }

  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (err) {
          if (!closed) logError(err, 'notificações: falha no envio');
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, config.pollMs);
    timer.unref?.();
  };
  schedule();

  function decide(occurrenceId: number): Promise<number> {
    // One decision at a time on a node, so a flood's count sees the messages before it.
    const next = decisions.then(() => decideNow(occurrenceId));
    decisions = next.catch(() => {});
    return next.then((n) => {
      if (n > 0) void tick();
      return n;
    });
  }

  const unsubscribe = opts.bus.subscribe((event) => {
    if (closed || event.type !== 'occurrence.opened' || event.suprimido) return;
    decide(event.occurrenceId).catch((err: unknown) => {
      if (!closed) logError(err, 'notificações: falha ao decidir os destinatários');
    });
  });

  return {
    decide,
    tick,
    async close() {
      closed = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await decisions;
      await running;
      channels.close();
    },
  };
}
