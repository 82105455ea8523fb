import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import type { AuditRow, Local, SistemaAdmin } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { AuditPanel } from './AuditPanel';

const TS = Date.UTC(2026, 2, 10, 15) / 1000;

function row(id: number, acao: string, detalhes: Record<string, unknown> | null): AuditRow {
  return {
    id,
    ts: TS - id,
    usuarioId: 1,
    usuario: 'raiz',
    acao,
    entidade: 'dispositivo',
    entidadeId: '12',
    sisId: 1,
    sistema: 'Norte Geração',
    dispositivoId: 12,
    dispositivo: 'GMG Belém 3',
    detalhes: detalhes === null ? null : JSON.stringify(detalhes),
  };
}

// The details as the server writes them (store/admin/devices.ts, alarmRules.ts; alarms/engineStore.ts).
const ROWS: AuditRow[] = [
  row(1, 'admin.dispositivo.importar', {
    system_id: 1,
    device_id: 12,
    nome: 'GMG Belém 3',
    patrimonio: 'BEL-0003',
    modeloId: 1,
    tipo: 'gerador',
    systemId: 1,
    usinaId: 1,
    scdId: null,
    venueId: null,
    localNome: 'UTE Belém',
    uf: 'PA',
    lat: -1.38,
    lon: -48.45,
  }),
  row(2, 'admin.dispositivo.regras', {
    system_id: 1,
    device_id: 12,
    regra: 1,
    antes: { limite: null, atraso: null, critico: null, mensagem: null },
    depois: { limite: 50, atraso: null, critico: null, mensagem: 'Óleo acima de 50 °C' },
  }),
  row(3, 'admin.dispositivo.credenciais', { system_id: 1, device_id: 12, rotacao: true }),
  row(4, 'occurrence.clear', { system_id: 1, device_id: 12 }),
];

const SYSTEMS: SistemaAdmin[] = [
  {
    id: 1,
    nome: 'Norte Geração',
    empresaId: 1,
    empresa: 'Energia Norte',
    home: null,
    recursos: [],
  },
];
const PLACES: Local[] = [
  {
    id: 1,
    tipo: 'usina',
    nome: 'UTE Belém',
    sisId: 1,
    endereco: null,
    uf: 'PA',
    lat: -1.38,
    lon: -48.45,
    usinaId: null,
    dispositivos: 1,
  },
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const ANSWERS: Record<string, unknown> = {
  [API.audit.list.path]: { itens: ROWS, proximo: null },
  [API.admin.systems.path]: SYSTEMS,
  [API.admin.models.path]: [{ id: 1, nome: 'GMG Stemac 500 kVA', tipo: 'gerador' }],
  [API.admin.places.path]: PLACES,
};

beforeEach(() => {
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      json(ANSWERS[new URL(String(input), 'http://vigia.test').pathname] ?? {}),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Auditoria', () => {
  it("reads each row's details in pt-BR, never the JSON the server keeps", async () => {
    renderWithProviders(
      <MantineProvider env="test">
        <AuditPanel sisId={1} />
      </MantineProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Auditoria' });
    const details = async (n: number) => {
      const cells = within(within(table).getAllByRole('row')[n] as HTMLElement).getAllByRole(
        'cell',
      );
      return cells[cells.length - 1]?.textContent;
    };
    await vi.waitFor(async () =>
      expect(await details(1)).toBe(
        'Nome: GMG Belém 3; Patrimônio: BEL-0003; Modelo: GMG Stemac 500 kVA; Tipo: Gerador; Local: UTE Belém; UF: PA; Latitude: -1,38; Longitude: -48,45',
      ),
    );
    expect(await details(2)).toBe(
      'Limite: do modelo → 50; Mensagem: do modelo → Óleo acima de 50 °C',
    );
    expect(await details(3)).toBe('Troca de chave');
    expect(await details(4)).toBe('—');
    expect(table.textContent).not.toMatch(/[{}"]|Id\b|_id|modelo[A-Z]/);
  }, 30_000);
});
