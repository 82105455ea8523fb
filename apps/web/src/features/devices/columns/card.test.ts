import { describe, expect, it } from 'vitest';
import { deviceRow, NOW_SEC, silentFor } from '../../../test/deviceFixtures.test-util';
import { cardView } from './card';

const READINGS = [{ nome: 'kW', label: 'Potência', unidade: 'kW' }];

describe('device tiles (spec 001 §4 Success/Alarm/Info)', () => {
  it('Success: an online generator with no alarm and GMG ON', () => {
    const view = cardView(deviceRow({ statusGMG: 64, kW: 312.4 }), NOW_SEC, READINGS);
    expect(view).toMatchObject({ state: 'Success', tone: 'good', caption: 'GMG ON' });
    expect(view.readings).toEqual([{ label: 'Potência', text: '312,40 kW' }]);
  });

  it('Info: an online generator that is off', () => {
    const view = cardView(deviceRow({ statusGMG: 2048 }), NOW_SEC, READINGS);
    expect(view).toMatchObject({ state: 'Info', tone: 'info', caption: 'GMG OFF' });
  });

  it('Alarm: one or more active alarms, whatever else', () => {
    const view = cardView(
      deviceRow({ statusGMG: 64 }, { alarmTreeMapValue: 2, ...silentFor(90) }),
      NOW_SEC,
      READINGS,
    );
    expect(view).toMatchObject({ state: 'Alarm', tone: 'bad', caption: '2 alarmes ativos' });
    // Its readings are 90 minutes old: the card says so beside the alarms.
    expect(view.marker).toEqual({ text: 'DESATUALIZADO', tone: 'bad' });
    expect(view.note).toMatch(/^DESATUALIZADO · última leitura \d{2}\/\d{2}\/\d{4}/);
  });

  it("Info: a device that stopped communicating says 'DESATUALIZADO'", () => {
    const view = cardView(deviceRow({}, { tipo: 'ups', ...silentFor(45) }), NOW_SEC, []);
    expect(view).toMatchObject({ state: 'Info', caption: 'DESATUALIZADO', quality: 'stale' });
    expect(view.marker).toBeNull();
  });

  it("an online device's readings are current: no note", () => {
    const view = cardView(deviceRow({ kW: 10 }), NOW_SEC, READINGS);
    expect(view).toMatchObject({ quality: 'online', note: null, marker: null });
  });

  it('Success: any other online device without alarms', () => {
    expect(cardView(deviceRow({}, { tipo: 'qta' }), NOW_SEC, []).state).toBe('Success');
  });
});
