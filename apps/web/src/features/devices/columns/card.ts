import type { DeviceRow } from '@vigia/contract';
import { CARD_STATE_TONE, type CardState, cardState, READING, type Tone } from '@vigia/domain';
import type { CardReading } from '../lists';
import { communication, deviceOnline, generatorStatusOf, reading, value } from './decode';

export interface CardView {
  state: CardState;
  tone: Tone;
  /** Why the card has its state, in words. */
  caption: string;
  readings: { label: string; text: string }[];
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
  const online = deviceOnline(row, nowSec);
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
    caption = communication(row, nowSec).text;
  } else if (isGenerator) {
    caption = generatorStatusOf(row, nowSec).text;
  } else {
    caption = 'Online';
  }
  return {
    state,
    tone: CARD_STATE_TONE[state],
    caption,
    readings: readings.map((r) => {
      const text = r.format ? r.format(row) : reading(row, r.nome);
      return { label: r.label, text: r.unidade ? `${text} ${r.unidade}` : text };
    }),
  };
}
