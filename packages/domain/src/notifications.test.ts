import { describe, expect, it } from 'vitest';
import { zonedTimeToEpochMs } from './date.js';
import {
  alarmNotificationText,
  DEFAULT_NOTIFICATION_PREFERENCES,
  floodSummaryText,
  inQuietHours,
  NOTIFICATION_MESSAGES,
  type NotificationPreferences,
  notificationFilter,
  onShift,
  parseWebhookUrl,
  retryDelaySeconds,
  validateEscalation,
  validateNotificationPreferences,
} from './notifications.js';

// Wednesday 2026-01-14 in America/Sao_Paulo (dia_semana 2).
const at = (hour: number, minute = 0) =>
  zonedTimeToEpochMs({ year: 2026, month: 1, day: 14 }, hour, minute);
const prefs = (p: Partial<NotificationPreferences>): NotificationPreferences => ({
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  ...p,
});

describe('notification preferences', () => {
  it.each([
    [{ enderecoEmail: 'joao@' }, NOTIFICATION_MESSAGES.invalidEmail],
    [{ enderecoEmail: 'joao @empresa.com.br' }, NOTIFICATION_MESSAGES.invalidEmail],
    [{ email: true }, NOTIFICATION_MESSAGES.emailRequired],
    [{ webhookUrl: 'ftp://exemplo.com/x' }, NOTIFICATION_MESSAGES.invalidUrl],
    [{ webhookUrl: 'https://user:senha@exemplo.com/x' }, NOTIFICATION_MESSAGES.invalidUrl],
    [{ webhook: true }, NOTIFICATION_MESSAGES.urlRequired],
    [{ maxPorJanela: 0 }, NOTIFICATION_MESSAGES.floodOutOfRange],
    [{ maxPorJanela: 101 }, NOTIFICATION_MESSAGES.floodOutOfRange],
    [{ criticoMinimo: -1 }, NOTIFICATION_MESSAGES.criticoOutOfRange],
    [{ silencio: { inicio: '22:00', fim: '25:00' } }, NOTIFICATION_MESSAGES.quietHoursInvalid],
    [{ silencio: { inicio: '22:00', fim: '22:00' } }, NOTIFICATION_MESSAGES.quietHoursInvalid],
  ])('refuses %o', (p, message) => {
    expect(validateNotificationPreferences(prefs(p))).toBe(message);
  });

  it('accepts a full set', () => {
    expect(
      validateNotificationPreferences(
        prefs({
          email: true,
          enderecoEmail: 'plantao@empresa.com.br',
          webhook: true,
          webhookUrl: 'https://hooks.empresa.com.br/vigia',
          silencio: { inicio: '22:00', fim: '06:00' },
          maxPorJanela: 100,
        }),
      ),
    ).toBeNull();
    expect(parseWebhookUrl('http://127.0.0.1:8080/x')?.hostname).toBe('127.0.0.1');
  });
});

describe('quiet hours and shifts (America/Sao_Paulo)', () => {
  it('quiet hours may cross midnight; the end is outside', () => {
    const night = { inicio: '22:00', fim: '06:00' };
    expect(inQuietHours(night, at(23))).toBe(true);
    expect(inQuietHours(night, at(3))).toBe(true);
    expect(inQuietHours(night, at(6))).toBe(false);
    expect(inQuietHours(night, at(12))).toBe(false);
    expect(inQuietHours({ inicio: '12:00', fim: '14:00' }, at(13, 59))).toBe(true);
    expect(inQuietHours(null, at(13))).toBe(false);
  });

  it('is on shift on the weekday between entry and exit, exit minute included', () => {
    const shift = [{ dia_semana: 2, entrada: '08:00', saida: '18:00' }];
    expect(onShift(shift, at(8))).toBe(true);
    expect(onShift(shift, at(18, 0))).toBe(true);
    expect(onShift(shift, at(18, 1))).toBe(false);
    expect(onShift(shift, at(7, 59))).toBe(false);
    expect(onShift([{ dia_semana: 3, entrada: '08:00', saida: '18:00' }], at(12))).toBe(false);
  });
});

describe('notificationFilter', () => {
  const alarm = { sisId: 5, critico: 20, tipoDispositivo: 'gerador', at: at(23) };
  it('a critical alarm passes the quiet hours, a lesser one does not', () => {
    const p = prefs({ criticoMinimo: 0, silencio: { inicio: '22:00', fim: '06:00' } });
    expect(notificationFilter(p, alarm, [])).toBeNull();
    expect(notificationFilter(p, { ...alarm, critico: 10 }, [])).toBe('silencio');
  });
  it('by system, criticality, device type and shift', () => {
    expect(notificationFilter(prefs({ sistemas: [6] }), alarm, [])).toBe('sistema');
    expect(notificationFilter(prefs({ criticoMinimo: 21 }), alarm, [])).toBe('criticidade');
    expect(notificationFilter(prefs({ tiposDispositivo: ['ups'] }), alarm, [])).toBe('tipo');
    // A device's tipo as stored ('QTA', 'Gerador') is the type chosen on screen ('qta', 'gerador').
    expect(notificationFilter(prefs({ tiposDispositivo: ['gerador'] }), alarm, [])).toBeNull();
    expect(
      notificationFilter(
        prefs({ tiposDispositivo: ['qta'] }),
        {
          ...alarm,
          tipoDispositivo: 'QTA',
        },
        [],
      ),
    ).toBeNull();
    expect(notificationFilter(prefs({ somenteEmPlantao: true }), alarm, [])).toBe('plantao');
    expect(
      notificationFilter(prefs({ somenteEmPlantao: true }), alarm, [
        { dia_semana: 2, entrada: '20:00', saida: '23:59' },
      ]),
    ).toBeNull();
  });
});

describe('delivery and escalation rules', () => {
  it('retries double up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, 30))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20, 30)).toBe(3600);
  });
  it('escalation minutes stay within 1 and 1440', () => {
    const ok = { ativo: true, criticoMinimo: 17, minutosPlantao: 1, minutosAdministradores: 1440 };
    expect(validateEscalation(ok)).toBeNull();
    expect(validateEscalation({ ...ok, minutosPlantao: 0 })).toBe(
      NOTIFICATION_MESSAGES.escalationOutOfRange,
    );
    expect(validateEscalation({ ...ok, minutosAdministradores: 1441 })).toBe(
      NOTIFICATION_MESSAGES.escalationOutOfRange,
    );
  });
});

describe('message texts (pt-BR)', () => {
  const input = {
    sistema: 'Sistema A',
    dispositivo: 'GMG A',
    local: 'Hospital Central',
    alarme: 'Falha na partida',
    critico: 22,
    valor: 1,
    horaAtivacao: at(3, 7) / 1000,
    link: 'https://vigia.exemplo/#/5/ocorrencias',
  };
  it('names device, site, alarm, value, time in Brasília and the link', () => {
    const { assunto, texto } = alarmNotificationText(input);
    expect(assunto).toBe('[Vigia] Alarme crítico: Falha na partida — GMG A');
    expect(texto).toContain('Dispositivo: GMG A');
    expect(texto).toContain('Local: Hospital Central');
    expect(texto).toContain('Valor: 1,00');
    expect(texto).toContain('Horário: 14/01/2026 03:07:00 (horário de Brasília)');
    expect(texto).toContain('Ver o alarme: https://vigia.exemplo/#/5/ocorrencias');
  });
  it('an escalation says how long it waited', () => {
    const { assunto, texto } = alarmNotificationText({
      ...input,
      etapa: 2,
      minutosSemReconhecimento: 45,
    });
    expect(assunto).toBe(
      '[Vigia] Alarme crítico sem reconhecimento há 45 min: Falha na partida — GMG A',
    );
    expect(texto).toContain('Os usuários de plantão não reconheceram o alarme.');
  });
  it('a flood summary keeps the counts', () => {
    const { assunto, texto } = floodSummaryText({
      total: 195,
      criticos: 195,
      primeiro: at(3) / 1000,
      ultimo: at(3, 5) / 1000,
      alarmes: [{ nome: 'Falha na partida', quantidade: 195 }],
      link: 'https://vigia.exemplo/#/5/ocorrencias',
    });
    expect(assunto).toBe('[Vigia] Resumo: 195 alarmes em excesso');
    expect(texto).toContain('195 alarmes não enviados individualmente (195 críticos).');
    expect(texto).toContain('195 × Falha na partida');
  });
});
