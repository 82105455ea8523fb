import { formatIsoDate } from '@vigia/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.js';
import {
  type Fleet,
  type FleetDevice,
  SYSTEM_ARENA,
  SYSTEM_CLIENTE,
  SYSTEM_HOSPITAIS,
  SYSTEM_USINAS,
} from './fleet.js';

const DAY = 86_400;

interface DemoContract {
  system_id: number;
  venue_id: number | null;
  numero: string;
  cliente: string;
  /** Days from today (São Paulo), so each status stays what it is whenever the demo is seeded. */
  from: number;
  to: number;
  observacao: string | null;
  devices: (d: FleetDevice) => boolean;
  /** At most this many of the matching devices. */
  take?: number;
}

/** One contract of each status: vigente, a vencer (18 days), vencido and futuro. */
const CONTRACTS: readonly DemoContract[] = [
  {
    system_id: SYSTEM_USINAS,
    venue_id: null,
    numero: 'CT-2025/014',
    cliente: 'Vale do Sol Energia S.A.',
    from: -265,
    to: 465,
    observacao: 'Manutenção preventiva dos GMGs. Inclui troca de óleo a cada 500 h.',
    devices: (d) => d.tipo === 'gerador',
    take: 8,
  },
  {
    system_id: SYSTEM_USINAS,
    venue_id: null,
    numero: 'CT-2025/021',
    cliente: 'Vale do Sol Energia S.A.',
    from: -170,
    to: 18,
    observacao: 'Fornecimento de diesel S10 e telemetria dos tanques.',
    devices: (d) => d.tipo === 'tanque',
  },
  {
    system_id: SYSTEM_USINAS,
    venue_id: null,
    numero: 'CT-2024/007',
    cliente: 'Vale do Sol Energia S.A.',
    from: -730,
    to: -35,
    observacao: 'Comissionamento dos transformadores das usinas (encerrado).',
    devices: (d) => d.tipo === 'tfr',
    take: 4,
  },
  {
    system_id: SYSTEM_ARENA,
    venue_id: 1,
    numero: 'AG-0087',
    cliente: 'Arena Guanabara Eventos',
    from: -320,
    to: 45,
    observacao: 'Operação e manutenção da subestação. Atendimento em dias de evento.',
    devices: (d) => d.tipo === 'transformer' || d.tipo === 'qgbt',
  },
  {
    system_id: SYSTEM_ARENA,
    venue_id: 1,
    numero: 'AG-0102',
    cliente: 'Arena Guanabara Eventos',
    from: 20,
    to: 385,
    observacao: 'Operação assistida dos geradores na temporada.',
    devices: (d) => d.tipo === 'gerador' || d.tipo === 'qta',
  },
  {
    system_id: SYSTEM_HOSPITAIS,
    venue_id: null,
    numero: 'HSC-12/2025',
    cliente: 'Hospitais Santa Clara',
    from: -60,
    to: 305,
    observacao: null,
    devices: (d) => d.tipo === 'gerador' || d.tipo === 'ups',
    take: 10,
  },
  {
    system_id: SYSTEM_CLIENTE,
    venue_id: null,
    numero: 'PD-001',
    cliente: 'Padaria Pão Dourado Ltda.',
    from: -100,
    to: 265,
    observacao: 'Monitoramento do GMG e do tanque, com visita trimestral.',
    devices: (d) => d.tipo === 'gerador' || d.tipo === 'tanque',
  },
];

/** The demo contracts with the devices they cover (store/contracts). */
export async function insertDemoContracts(
  trx: Transaction<Database>,
  fleet: Fleet,
  now: number,
): Promise<void> {
  for (const c of CONTRACTS) {
    const row = await trx
      .insertInto('contracts')
      .values({
        system_id: c.system_id,
        venue_id: c.venue_id,
        numero: c.numero,
        cliente: c.cliente,
        inicio: formatIsoDate(now + c.from * DAY),
        fim: formatIsoDate(now + c.to * DAY),
        observacao: c.observacao,
        created_at: now + Math.min(c.from, 0) * DAY,
        updated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const devices = fleet.devices
      .filter(
        (d) =>
          d.systemId === c.system_id &&
          (c.venue_id === null || d.venueId === c.venue_id) &&
          c.devices(d),
      )
      .slice(0, c.take);
    if (devices.length === 0) throw new Error(`contrato ${c.numero} sem dispositivos`);
    await trx
      .insertInto('contract_devices')
      .values(devices.map((d) => ({ contract_id: Number(row.id), device_id: d.id })))
      .execute();
  }
}
