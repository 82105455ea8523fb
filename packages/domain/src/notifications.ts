import { ALARM_CRITICAL_MIN } from './alarm.js';
import { formatDateTime, zonedParts } from './date.js';
import { normalizeDeviceType } from './device.js';
import { formatNumber } from './format.js';
import type { Tone } from './tone.js';
import { parseTimeOfDay } from './validation.js';

/**
 * Alarm notifications (issue 29): who is told of an alarm, when, and in which
 * words. The server decides and delivers; these rules are the one place that
 * says whether a preference is valid, whether an alarm passes a user's filters,
 * who is on shift, how far a flood goes, and what the message says.
 */

export const NOTIFICATION_LIMITS = {
  /** Messages per user and channel in one flood window before the rest wait for a summary. */
  floodMin: 1,
  floodMax: 100,
  floodDefault: 10,
  /** The flood window: 10 minutes. */
  floodWindowSeconds: 600,
  /** Escalation delays, minutes. */
  escalationMinutesMin: 1,
  escalationMinutesMax: 1440,
  /** Criticality (`critico`) accepted as a minimum. */
  criticoMin: 0,
  criticoMax: 99,
  emailMaxLength: 200,
  urlMaxLength: 500,
  /** Device types and systems named in one preference. */
  listMax: 200,
} as const;

export const NOTIFICATION_MESSAGES = {
  invalidEmail: 'E-mail inválido.',
  emailRequired: 'Informe o e-mail para receber notificações por e-mail.',
  invalidUrl: 'URL do webhook inválida: use http:// ou https:// com um endereço completo.',
  urlRequired: 'Informe a URL do webhook para receber notificações por webhook.',
  privateUrl: 'URL do webhook recusada: endereço privado ou local não é permitido.',
  unresolvedUrl: 'URL do webhook recusada: o endereço não foi encontrado.',
  floodOutOfRange: `O limite de mensagens deve estar entre ${NOTIFICATION_LIMITS.floodMin} e ${NOTIFICATION_LIMITS.floodMax} a cada 10 minutos.`,
  criticoOutOfRange: `A criticidade mínima deve estar entre ${NOTIFICATION_LIMITS.criticoMin} e ${NOTIFICATION_LIMITS.criticoMax}.`,
  quietHoursInvalid: 'Horário de silêncio inválido: informe início e fim no formato HH:mm.',
  escalationOutOfRange: `Os prazos de escalonamento devem estar entre ${NOTIFICATION_LIMITS.escalationMinutesMin} e ${NOTIFICATION_LIMITS.escalationMinutesMax} minutos.`,
  escalationAdminOnly: 'Somente administradores do sistema configuram o escalonamento.',
  saved: 'Preferências salvas.',
  escalationSaved: 'Escalonamento salvo.',
} as const;

export type NotificationChannel = 'email' | 'webhook';

export interface QuietHours {
  /** 'HH:mm' in America/Sao_Paulo. */
  inicio: string;
  fim: string;
}

export interface NotificationPreferences {
  /** The console's own browser notification (the web app reads it). */
  navegador: boolean;
  email: boolean;
  webhook: boolean;
  enderecoEmail: string | null;
  webhookUrl: string | null;
  /** Systems to be told of; null: every system the user holds. */
  sistemas: number[] | null;
  /** Least `critico` told of (critical is `ALARM_CRITICAL_MIN` and above). */
  criticoMinimo: number;
  /** Device types (`tipo`, compared lower-cased) to be told of; null: all. */
  tiposDispositivo: string[] | null;
  /** No message in these hours, except critical alarms. */
  silencio: QuietHours | null;
  /** Only while on shift according to the escalas. */
  somenteEmPlantao: boolean;
  /** At most this many messages per channel in 10 minutes; the rest in one summary. */
  maxPorJanela: number;
}

/**
 * The least criticality told of, as the preferences and the escalation offer it (and the
 * audit trail names it): every alarm, or the critical ones only.
 */
export const CRITICALITY_CHOICES: readonly { value: number; label: string }[] = [
  { value: 0, label: 'Todos os alarmes' },
  { value: ALARM_CRITICAL_MIN, label: 'Somente alarmes críticos' },
];

/** What a user without saved preferences has: nothing sent outside the console. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  navegador: true,
  email: false,
  webhook: false,
  enderecoEmail: null,
  webhookUrl: null,
  sistemas: null,
  criticoMinimo: ALARM_CRITICAL_MIN,
  tiposDispositivo: null,
  silencio: null,
  somenteEmPlantao: false,
  maxPorJanela: NOTIFICATION_LIMITS.floodDefault,
};

// One @, no spaces, a dot in the domain: what a mail server will take as an address.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validEmail(text: string): boolean {
  return text.length <= NOTIFICATION_LIMITS.emailMaxLength && EMAIL.test(text);
}

/** The URL of a webhook, parsed; null when it is not an absolute http(s) URL without credentials. */
export function parseWebhookUrl(text: string): URL | null {
  if (text.length > NOTIFICATION_LIMITS.urlMaxLength) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url;
}

/** The first problem of a set of preferences (pt-BR), or null when they hold. */
export function validateNotificationPreferences(p: NotificationPreferences): string | null {
  if (p.enderecoEmail !== null && !validEmail(p.enderecoEmail)) {
    return NOTIFICATION_MESSAGES.invalidEmail;
  }
  if (p.email && p.enderecoEmail === null) return NOTIFICATION_MESSAGES.emailRequired;
  if (p.webhookUrl !== null && !parseWebhookUrl(p.webhookUrl)) {
    return NOTIFICATION_MESSAGES.invalidUrl;
  }
  if (p.webhook && p.webhookUrl === null) return NOTIFICATION_MESSAGES.urlRequired;
  if (
    !Number.isInteger(p.maxPorJanela) ||
    p.maxPorJanela < NOTIFICATION_LIMITS.floodMin ||
    p.maxPorJanela > NOTIFICATION_LIMITS.floodMax
  ) {
    return NOTIFICATION_MESSAGES.floodOutOfRange;
  }
  if (
    !Number.isInteger(p.criticoMinimo) ||
    p.criticoMinimo < NOTIFICATION_LIMITS.criticoMin ||
    p.criticoMinimo > NOTIFICATION_LIMITS.criticoMax
  ) {
    return NOTIFICATION_MESSAGES.criticoOutOfRange;
  }
  if (
    p.silencio !== null &&
    (parseTimeOfDay(p.silencio.inicio) === null ||
      parseTimeOfDay(p.silencio.fim) === null ||
      p.silencio.inicio === p.silencio.fim)
  ) {
    return NOTIFICATION_MESSAGES.quietHoursInvalid;
  }
  return null;
}

/** Seconds since midnight in America/Sao_Paulo, and the weekday (0 Monday … 6 Sunday). */
function localClock(epochMs: number): { seconds: number; weekday: number } {
  const p = zonedParts(epochMs);
  return { seconds: p.hour * 3600 + p.minute * 60 + p.second, weekday: p.weekday };
}

/** Inside the quiet hours (start included, end excluded; they may cross midnight). */
export function inQuietHours(quiet: QuietHours | null, epochMs: number): boolean {
  if (!quiet) return false;
  const start = parseTimeOfDay(quiet.inicio);
  const end = parseTimeOfDay(quiet.fim);
  if (start === null || end === null || start === end) return false;
  const { seconds } = localClock(epochMs);
  return start < end ? seconds >= start && seconds < end : seconds >= start || seconds < end;
}

export interface ShiftEntry {
  /** 0 Monday … 6 Sunday (spec 001 §3). */
  dia_semana: number;
  /** 'HH:mm' */
  entrada: string;
  saida: string;
}

/** On shift at this instant according to the escalas (America/Sao_Paulo; exit included). */
export function onShift(entries: readonly ShiftEntry[], epochMs: number): boolean {
  const { seconds, weekday } = localClock(epochMs);
  return entries.some((e) => {
    const start = parseTimeOfDay(e.entrada);
    const end = parseTimeOfDay(e.saida);
    return (
      e.dia_semana === weekday &&
      start !== null &&
      end !== null &&
      seconds >= start &&
      seconds <= end + 59
    );
  });
}

export interface AlarmToNotify {
  sisId: number;
  critico: number;
  tipoDispositivo: string;
  /** Epoch milliseconds of the decision. */
  at: number;
}

/**
 * Why an alarm is not sent to a user with these preferences, or null when it
 * is: the system, the criticality, the device type, the quiet hours (a
 * critical alarm passes them) and, when asked for, the shift.
 */
export function notificationFilter(
  p: NotificationPreferences,
  alarm: AlarmToNotify,
  shift: readonly ShiftEntry[],
): 'sistema' | 'criticidade' | 'tipo' | 'silencio' | 'plantao' | null {
  if (p.sistemas !== null && !p.sistemas.includes(alarm.sisId)) return 'sistema';
  if (alarm.critico < p.criticoMinimo) return 'criticidade';
  if (
    p.tiposDispositivo !== null &&
    !p.tiposDispositivo
      .map(normalizeDeviceType)
      .includes(normalizeDeviceType(alarm.tipoDispositivo))
  ) {
    return 'tipo';
  }
  if (alarm.critico < ALARM_CRITICAL_MIN && inQuietHours(p.silencio, alarm.at)) return 'silencio';
  if (p.somenteEmPlantao && !onShift(shift, alarm.at)) return 'plantao';
  return null;
}

/** Seconds before the next attempt after `attempts` failed ones: doubling, capped. */
export function retryDelaySeconds(
  attempts: number,
  baseSeconds: number,
  capSeconds = 3600,
): number {
  return Math.min(capSeconds, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

export interface EscalationSettings {
  ativo: boolean;
  /** Alarms of at least this `critico` escalate. */
  criticoMinimo: number;
  /** Minutes unacknowledged before the users on shift are told. */
  minutosPlantao: number;
  /** Further minutes before the system's administrators are told. */
  minutosAdministradores: number;
}

export const DEFAULT_ESCALATION: EscalationSettings = {
  ativo: false,
  criticoMinimo: ALARM_CRITICAL_MIN,
  minutosPlantao: 15,
  minutosAdministradores: 30,
};

export function validateEscalation(s: EscalationSettings): string | null {
  const inRange = (n: number) =>
    Number.isInteger(n) &&
    n >= NOTIFICATION_LIMITS.escalationMinutesMin &&
    n <= NOTIFICATION_LIMITS.escalationMinutesMax;
  if (!inRange(s.minutosPlantao) || !inRange(s.minutosAdministradores)) {
    return NOTIFICATION_MESSAGES.escalationOutOfRange;
  }
  if (
    !Number.isInteger(s.criticoMinimo) ||
    s.criticoMinimo < NOTIFICATION_LIMITS.criticoMin ||
    s.criticoMinimo > NOTIFICATION_LIMITS.criticoMax
  ) {
    return NOTIFICATION_MESSAGES.criticoOutOfRange;
  }
  return null;
}

/** 1: the users on shift; 2: the system's administrators. */
export type EscalationStep = 1 | 2;

export interface AlarmMessageInput {
  sistema: string;
  dispositivo: string;
  local: string;
  alarme: string;
  critico: number;
  valor: number | null;
  /** Epoch seconds the alarm started. */
  horaAtivacao: number;
  /** Address of the alarm in the console. */
  link: string;
  /** Set when the message is an escalation step. */
  etapa?: EscalationStep;
  /** Minutes the alarm has waited for an acknowledgement (escalation). */
  minutosSemReconhecimento?: number;
}

export interface NotificationText {
  assunto: string;
  texto: string;
}

const severityWord = (critico: number) =>
  critico >= ALARM_CRITICAL_MIN ? 'Alarme crítico' : 'Alarme';

/** The e-mail subject and text (and the webhook's `texto`) of one alarm, pt-BR. */
export function alarmNotificationText(m: AlarmMessageInput): NotificationText {
  const prefix =
    m.etapa === undefined
      ? severityWord(m.critico)
      : `${severityWord(m.critico)} sem reconhecimento há ${m.minutosSemReconhecimento ?? 0} min`;
  const lines = [
    `${prefix}: ${m.alarme}`,
    '',
    `Dispositivo: ${m.dispositivo}`,
    `Local: ${m.local}`,
    `Sistema: ${m.sistema}`,
    `Alarme: ${m.alarme} (criticidade ${m.critico})`,
    `Valor: ${m.valor === null ? '---' : formatNumber(m.valor, 2)}`,
    `Horário: ${formatDateTime(m.horaAtivacao)} (horário de Brasília)`,
    '',
    `Ver o alarme: ${m.link}`,
  ];
  if (m.etapa === 2) {
    lines.splice(1, 0, '', 'Os usuários de plantão não reconheceram o alarme.');
  }
  return { assunto: `[Vigia] ${prefix}: ${m.alarme} — ${m.dispositivo}`, texto: lines.join('\n') };
}

export interface FloodSummaryInput {
  /** Messages held back in the window. */
  total: number;
  criticos: number;
  /** Epoch seconds of the first and last held alarm. */
  primeiro: number;
  ultimo: number;
  /** The most frequent alarm names with their counts, most first. */
  alarmes: { nome: string; quantidade: number }[];
  link: string;
}

/** The one summary that replaces the messages held back in a flood, pt-BR. */
export function floodSummaryText(s: FloodSummaryInput): NotificationText {
  const lines = [
    `Resumo: ${s.total} ${s.total === 1 ? 'alarme não enviado' : 'alarmes não enviados'} individualmente (${s.criticos} ${s.criticos === 1 ? 'crítico' : 'críticos'}).`,
    `Entre ${formatDateTime(s.primeiro)} e ${formatDateTime(s.ultimo)} (horário de Brasília).`,
    '',
    ...s.alarmes.map((a) => `${a.quantidade} × ${a.nome}`),
    '',
    `Ver os alarmes: ${s.link}`,
  ];
  return {
    assunto: `[Vigia] Resumo: ${s.total} ${s.total === 1 ? 'alarme' : 'alarmes'} em excesso`,
    texto: lines.join('\n'),
  };
}

export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'held' | 'summarized';

/** How the delivery log shows a message's state. */
export const DELIVERY_STATUS_DISPLAY: Readonly<
  Record<DeliveryStatus, { label: string; tone: Tone }>
> = {
  pending: { label: 'Pendente', tone: 'neutral' },
  sent: { label: 'Enviada', tone: 'good' },
  failed: { label: 'Falhou', tone: 'bad' },
  held: { label: 'Retida (excesso)', tone: 'warning' },
  summarized: { label: 'No resumo', tone: 'info' },
};

export const NOTIFICATION_CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = {
  email: 'E-mail',
  webhook: 'Webhook',
};

export const NOTIFICATION_KIND_LABELS: Readonly<
  Record<'alarme' | 'escalonamento' | 'resumo', string>
> = {
  alarme: 'Alarme',
  escalonamento: 'Escalonamento',
  resumo: 'Resumo',
};
