import type { OccurrenceConfig, OccurrenceRow } from '@vigia/contract';
import { alarmState } from '@vigia/domain';
import { vi } from 'vitest';

export function occurrence(id: number, extra: Partial<OccurrenceRow> = {}): OccurrenceRow {
  const row: OccurrenceRow = {
    id,
    critico: 20,
    idSite: 1001,
    idDispositivo: 1001,
    idSistema: 121,
    isEvt: false,
    horaAtivacao: 1_763_700_000 - id,
    horaDesativacao: null,
    horaAck: null,
    nomeAlarme: 'Alta temperatura do óleo',
    valorFalha: 110.5,
    percent: 1.0524,
    ackUsuario: null,
    patrimonio: 'GMG1',
    localNome: 'ERB São Paulo Paulista',
    uf: 'SP',
    estado: 'active-unacknowledged',
    repeticoes: 0,
    ...extra,
  };
  return { ...row, estado: alarmState(row) };
}

export const CONFIG: OccurrenceConfig = {
  nome: 'Alarmes Ativos',
  acesso: 1 | 4,
  total: 8,
  limit: 100,
  colunas: [
    { key: 'selecionado', titulo: '', tipo: 'selecao', casaDecimal: null, mobile: true },
    { key: 'estado', titulo: 'Estado', tipo: 'estado', casaDecimal: null, mobile: true },
    { key: 'nomeAlarme', titulo: 'Alarme', tipo: 'texto', casaDecimal: null, mobile: true },
    { key: 'valorFalha', titulo: 'Valor da Falha', tipo: 'numero', casaDecimal: 2, mobile: true },
    { key: 'percent', titulo: 'Percentual', tipo: 'numero', casaDecimal: 2, mobile: true },
    { key: 'patrimonio', titulo: 'Equipamento', tipo: 'texto', casaDecimal: null, mobile: false },
    {
      key: 'horaAtivacao',
      titulo: 'Data Ativação',
      tipo: 'data',
      casaDecimal: null,
      mobile: false,
    },
    {
      key: 'ackUsuario',
      titulo: 'Reconhecido por',
      tipo: 'usuario',
      casaDecimal: null,
      mobile: true,
    },
  ],
};

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** jsdom has no layout: the virtualised table needs a viewport to draw rows. */
export function stubLayout(): () => void {
  const names = ['clientHeight', 'clientWidth', 'scrollHeight'] as const;
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
  const values = { clientHeight: 600, clientWidth: 1200, scrollHeight: 4000 };
  for (const name of names) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get: () => values[name],
    });
  }
  return () => {
    names.forEach((name, i) => {
      const descriptor = saved[i];
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    });
  };
}

export interface Call {
  url: URL;
  method: string;
  body: unknown;
}

/** A fetch stub that records calls and answers with `route`. */
export function fakeServer(route: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: new URL(String(input), 'http://vigia.test'),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return route(call);
  });
  return { calls, fetchMock };
}

/** `API.user.userinfo` of an operator; `direitos_id` [1] may shelve alarms (ISA-18.2). */
export function userInfo(direitos_id: number[] = []) {
  return {
    id: 1,
    login: 'demo',
    nome: 'Operador Demonstração',
    acesso: 15,
    direitos_id,
    administrador: false,
    sistemas: [],
  };
}
