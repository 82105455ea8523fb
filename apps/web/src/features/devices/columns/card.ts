import type { DeviceRow } from '@vigia/contract';
import {
  CARD_STATE_TONE,
  type CardState,
  cardState,
  type DataQuality,
  notCurrentNote,
  READING,
  rowCommunication,
  type Tone,
} from '@vigia/domain';
import type { CardReading } from '../lists';
import { generatorStatusOf, reading, value } from './decode';

export interface CardView {
  state: CardState;
  tone: Tone;
  /** Why the card has its state, in words. */
  caption: string;
  readings: { label: string; text: string }[];
  /** Online, stale or offline: the readings of a silent device are not current. */
  quality: DataQuality;
  /** 'DESATUALIZADO · última leitura …' while the device is silent, else null. */
  note: string | null;
  /** The communication marker of a silent device whose caption speaks of its alarms. */
  marker: { text: string; tone: Tone } | null;
}

const GENERATOR = 'gerador';

/**
 * A device's tile (spec 001 §4): Success when online with no alarm (a
 * generator also GMG ON), Alarm with one or more alarms, otherwise Info.
 */
export function cardView(
  row: DeviceRow,
  nowSec: number,
  readings: readonly CardReading[],
): CardView {
  const communication = rowCommunication(row, nowSec);
  const online = communication.online;
  const isGenerator = row.tipo === GENERATOR;
  const state = cardState({
    online,
    alarmCount: row.alarmTreeMapValue,
    generatorBits: value(row, READING.generatorStatus),
    isGenerator,
  });
  let caption: string;
  if (state === 'Alarm') {
    caption = `${row.alarmTreeMapValue} ${row.alarmTreeMapValue === 1 ? 'alarme ativo' : 'alarmes ativos'}`;
  } else if (!online) {
    caption = communication.text;
  } else if (isGenerator) {
    caption = generatorStatusOf(row, nowSec).text;
  } else {
    caption = 'Online';
  }
  return {
    state,
    tone: CARD_STATE_TONE[state],
    caption,
    quality: communication.quality,
    note: notCurrentNote(communication, row.ultimaLeitura),
    marker:
      !online && state === 'Alarm' ? { text: communication.text, tone: communication.tone } : null,
    readings: readings.map((r) => {
      const text = r.format ? r.format(row) : reading(row, r.nome);
      return { label: r.label, text: r.unidade ? `${text} ${r.unidade}` : text };
    }),
  };
}
