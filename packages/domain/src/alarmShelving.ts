/**
 * ISA-18.2 shelving and out of service (apps/server/src/store/alarms/README.md):
 * the pt-BR texts, the durations the console offers and the input rules the
 * server and the console share.
 */

/** Longest reason text. */
export const MAX_SHELVE_REASON_LENGTH = 500;

export const SHELVING_MESSAGES = {
  shelve: 'Suprimir',
  shelveTitle: 'Suprimir alarmes',
  unshelve: 'Retornar',
  unshelveConfirm: 'Deseja realmente retornar esse alarme à lista de ativos?',
  shelved: 'Alarmes suprimidos',
  shelvedEmpty: 'Nenhum alarme suprimido.',
  shelveSuccess: 'Alarme suprimido com sucesso!',
  unshelveSuccess: 'Alarme retornado à lista de ativos.',
  reason: 'Motivo',
  reasonRequired: 'Informe o motivo.',
  duration: 'Duração',
  durationInvalid: 'Duração fora dos limites permitidos.',
  until: 'Suprimido até',
  by: 'Suprimido por',
  noneShelvable: 'Nenhum dos alarmes selecionados pode ser suprimido.',
  outOfService: 'Fora de serviço',
  inService: 'Em serviço',
  takeOutOfService: 'Colocar fora de serviço',
  putBackInService: 'Retornar ao serviço',
  outOfServiceTitle: 'Colocar o dispositivo fora de serviço',
  outOfServiceHint: 'Os alarmes do dispositivo ficam suprimidos até o retorno ao serviço.',
  outOfServiceSuccess: 'Dispositivo fora de serviço.',
  inServiceSuccess: 'Dispositivo de volta ao serviço.',
  putBackConfirm: 'Deseja realmente retornar o dispositivo ao serviço?',
} as const;

export interface DurationChoice {
  seconds: number;
  label: string;
}

const CHOICES: readonly DurationChoice[] = [
  { seconds: 30, label: '30 segundos' },
  { seconds: 5 * 60, label: '5 minutos' },
  { seconds: 15 * 60, label: '15 minutos' },
  { seconds: 30 * 60, label: '30 minutos' },
  { seconds: 3600, label: '1 hora' },
  { seconds: 2 * 3600, label: '2 horas' },
  { seconds: 4 * 3600, label: '4 horas' },
  { seconds: 8 * 3600, label: '8 horas' },
  { seconds: 12 * 3600, label: '12 horas' },
  { seconds: 24 * 3600, label: '24 horas' },
];

/**
 * The shelf durations offered inside the server's limits; the limits
 * themselves are offered when no preset falls on them.
 */
export function shelveDurationChoices(minSeconds: number, maxSeconds: number): DurationChoice[] {
  const inside = CHOICES.filter((c) => c.seconds >= minSeconds && c.seconds <= maxSeconds);
  const out = [...inside];
  if (!out.some((c) => c.seconds === minSeconds)) {
    out.unshift({ seconds: minSeconds, label: durationLabel(minSeconds) });
  }
  if (!out.some((c) => c.seconds === maxSeconds)) {
    out.push({ seconds: maxSeconds, label: durationLabel(maxSeconds) });
  }
  return out;
}

/** '45 segundos', '1 minuto', '2 horas e 30 minutos'. */
export function durationLabel(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} ${s === 1 ? 'segundo' : 'segundos'}`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts: string[] = [];
  if (h > 0) parts.push(`${h} ${h === 1 ? 'hora' : 'horas'}`);
  if (m > 0) parts.push(`${m} ${m === 1 ? 'minuto' : 'minutos'}`);
  return parts.length === 0 ? `${s} segundos` : parts.join(' e ');
}
