import type { SiteIncident } from '../simulator/model.js';
import type { SystemConfig } from '../store/schema.js';

/**
 * The demo fleet's layout: companies, systems, places and devices with fixed
 * ids. Only readings and history depend on the seed; what exists does not.
 */
export interface FleetCompany {
  id: number;
  nome: string;
}

export interface FleetSystem {
  id: number;
  nome: string;
  companyId: number;
  config: SystemConfig;
}

export interface FleetPlace {
  id: number;
  nome: string;
  uf: string;
  lat: number;
  lon: number;
  systemId: number;
}

export interface FleetScd extends FleetPlace {
  usinaId: number | null;
}

export interface FleetDevice {
  id: number;
  nome: string;
  patrimonio: string;
  tipo: string;
  systemId: number;
  localNome: string;
  uf: string;
  lat: number;
  lon: number;
  usinaId: number | null;
  scdId: number | null;
  venueId: number | null;
  groupId: number | null;
  energyCenterId: number | null;
  params: Record<string, number | string>;
  /** Physical site: devices of one site share mains, load and fuel in the simulator. */
  site: string;
  /** 'offline': silent for `offlineDays`; 'never': never communicated. */
  status: 'online' | 'offline' | 'never';
  offlineDays: number;
  /** Overview panels replacing the type's default ([nome, render_html]). */
  panels?: [string, string][];
  /** Reaches the console over a cellular modem and reports its signal (`netAntenaSignal`). */
  modem: boolean;
  /** Tanks: the fuel delivery is late; the level (fraction) the tank is at when seeded. */
  lateDelivery?: { level: number };
  /** Prime generators: dispatched load as a fraction of kwn, night to afternoon. */
  loadProfile?: [number, number];
}

export interface Fleet {
  companies: FleetCompany[];
  systems: FleetSystem[];
  plants: FleetPlace[];
  scds: FleetScd[];
  venues: { id: number; nome: string; systemId: number }[];
  groups: { id: number; nome: string; venueId: number }[];
  energyCenters: { id: number; nome: string; systemId: number }[];
  devices: FleetDevice[];
}

export const SYSTEM_GERADORES = 121;
export const SYSTEM_HOSPITAIS = 179;
export const SYSTEM_USINAS = 200;
export const SYSTEM_GAS = 210;
export const SYSTEM_ARENA = 220;
export const SYSTEM_CLIENTE = 230;

const FIRST_DEVICE_ID = 1001;

/** Remote sites reach the console over a cellular modem; hospitals and the arena are wired. */
const MODEM_SITE = /^(erb-|usina-|gas-|posto-|padaria$)/;
/** Aggregates computed by a plant's controller have no modem of their own. */
const NO_MODEM_TYPES = new Set(['usina', 'scd']);

/**
 * Incidents at fixed times before the seed's "now", so the customer's single
 * system has cleared alarms and events to look at however short the history:
 * the bakery's capacitor bank trips twice (power factor low, cleared) and the
 * mains fail twice (the generator runs: events).
 */
export const DEMO_INCIDENTS: readonly SiteIncident[] = [
  { site: 'padaria', kind: 'powerFactor', hoursBefore: 20, minutes: 50 },
  { site: 'padaria', kind: 'mains', hoursBefore: 14, minutes: 35 },
  { site: 'padaria', kind: 'powerFactor', hoursBefore: 6, minutes: 45 },
  { site: 'padaria', kind: 'mains', hoursBefore: 3, minutes: 30 },
];

/**
 * Load of the prime plants' generators (fraction of kwn, night to afternoon;
 * the default is 0.58–0.88): Campo Grande runs base load (load speed 80 % and
 * more, critical), Cuiabá two sets at partial load (65–79 %, attention) and a
 * third trimming at low load (power 1–30 %, critical).
 */
const PRIME_DISPATCH: Record<number, [number, number][]> = {
  2: [
    [0.84, 0.92],
    [0.84, 0.92],
    [0.84, 0.92],
  ],
  3: [
    [0.69, 0.74],
    [0.69, 0.74],
    [0.14, 0.24],
  ],
};

export function buildFleet(): Fleet {
  const companies: FleetCompany[] = [
    { id: 1, nome: 'TelcoBrasil Infraestrutura S.A.' },
    { id: 2, nome: 'Rede Santa Clara de Hospitais' },
    { id: 3, nome: 'Vale do Sol Energia S.A.' },
    { id: 4, nome: 'Gás Nordeste Distribuidora' },
    { id: 5, nome: 'Arena Guanabara Eventos' },
    { id: 6, nome: 'Padaria Pão Dourado Ltda.' },
  ];
  const systems: FleetSystem[] = [
    {
      id: SYSTEM_GERADORES,
      nome: 'Geradores Telecom',
      companyId: 1,
      config: {
        home: 'geradores',
        generatorListVariant: 'v121',
        features: { gps: true, combustivel: true },
      },
    },
    {
      id: SYSTEM_HOSPITAIS,
      nome: 'Hospitais Santa Clara',
      companyId: 2,
      config: {
        home: 'cluster',
        generatorListVariant: 'v179',
        features: { planoSaude: true, combustivel: true, relatoriosArquivos: true },
      },
    },
    {
      id: SYSTEM_USINAS,
      nome: 'Usinas Vale do Sol',
      companyId: 3,
      config: {
        home: 'cluster',
        generatorListVariant: 'padrao',
        features: { combustivel: true, prime: true, relatoriosArquivos: true, contratos: true },
      },
    },
    {
      id: SYSTEM_GAS,
      nome: 'Gás Nordeste',
      companyId: 4,
      config: { home: 'cluster', generatorListVariant: 'padrao', features: {} },
    },
    {
      id: SYSTEM_ARENA,
      nome: 'Arena Guanabara',
      companyId: 5,
      config: {
        home: 'cluster',
        generatorListVariant: 'padrao',
        features: { contratos: true, combustivel: true, prime: true },
      },
    },
    {
      id: SYSTEM_CLIENTE,
      nome: 'Pão Dourado',
      companyId: 6,
      config: { home: 'cluster', generatorListVariant: 'padrao', features: {} },
    },
  ];

  const plants: FleetPlace[] = [
    { id: 1, nome: 'UTE Petrolina', uf: 'PE', lat: -9.3891, lon: -40.503, systemId: SYSTEM_USINAS },
    {
      id: 2,
      nome: 'UTE Campo Grande',
      uf: 'MS',
      lat: -20.4697,
      lon: -54.6201,
      systemId: SYSTEM_USINAS,
    },
    { id: 3, nome: 'UTE Cuiabá', uf: 'MT', lat: -15.6014, lon: -56.0979, systemId: SYSTEM_USINAS },
    {
      id: 4,
      nome: 'UTE Uberlândia',
      uf: 'MG',
      lat: -18.9186,
      lon: -48.2772,
      systemId: SYSTEM_USINAS,
    },
    {
      id: 11,
      nome: 'Hospital Santa Clara Porto Alegre',
      uf: 'RS',
      lat: -30.0346,
      lon: -51.2177,
      systemId: SYSTEM_HOSPITAIS,
    },
    {
      id: 12,
      nome: 'Hospital Santa Clara Curitiba',
      uf: 'PR',
      lat: -25.4284,
      lon: -49.2733,
      systemId: SYSTEM_HOSPITAIS,
    },
    {
      id: 13,
      nome: 'Hospital Santa Clara Recife',
      uf: 'PE',
      lat: -8.0476,
      lon: -34.877,
      systemId: SYSTEM_HOSPITAIS,
    },
    {
      id: 21,
      nome: 'Base de Compressão Suape',
      uf: 'PE',
      lat: -8.394,
      lon: -34.96,
      systemId: SYSTEM_GAS,
    },
  ];
  const scds: FleetScd[] = [
    {
      id: 1,
      nome: 'SCD Petrolina',
      uf: 'PE',
      lat: -9.3952,
      lon: -40.5101,
      systemId: SYSTEM_USINAS,
      usinaId: 1,
    },
    {
      id: 2,
      nome: 'SCD Campo Grande',
      uf: 'MS',
      lat: -20.4751,
      lon: -54.6133,
      systemId: SYSTEM_USINAS,
      usinaId: 2,
    },
    {
      id: 3,
      nome: 'SCD Cuiabá',
      uf: 'MT',
      lat: -15.6102,
      lon: -56.0911,
      systemId: SYSTEM_USINAS,
      usinaId: 3,
    },
  ];
  const venues = [{ id: 1, nome: 'Arena Guanabara', systemId: SYSTEM_ARENA }];
  const groups = [
    { id: 1, nome: 'Subestação', venueId: 1 },
    { id: 2, nome: 'Geração', venueId: 1 },
    { id: 3, nome: 'Refrigeração', venueId: 1 },
    { id: 4, nome: 'Utilidades', venueId: 1 },
  ];
  const energyCenters = [{ id: 1, nome: 'Energy Center Arena Guanabara', systemId: SYSTEM_ARENA }];

  const devices: FleetDevice[] = [];
  let nextId = FIRST_DEVICE_ID;
  const add = (
    d: Pick<
      FleetDevice,
      'nome' | 'patrimonio' | 'tipo' | 'systemId' | 'localNome' | 'uf' | 'lat' | 'lon' | 'site'
    > &
      Partial<FleetDevice>,
  ) => {
    const device: FleetDevice = {
      id: nextId++,
      usinaId: null,
      scdId: null,
      venueId: null,
      groupId: null,
      energyCenterId: null,
      params: {},
      status: 'online',
      offlineDays: 0,
      modem: MODEM_SITE.test(d.site) && !NO_MODEM_TYPES.has(d.tipo),
      ...d,
    };
    devices.push(device);
    return device;
  };
  const generator = (kwn: number, regime: 'prime' | 'standby', capacidadeTanque: number) => ({
    hzn: 60,
    kwn,
    rpmn: 1800,
    vccn: 24,
    vn: 380,
    regime,
    capacidadeTanque,
  });

  // System 121: telecom base stations, each with a generator, a transfer panel and a tank.
  const erbs: [string, string, number, number][] = [
    ['ERB São Paulo Paulista', 'SP', -23.5614, -46.6559],
    ['ERB Rio de Janeiro Barra', 'RJ', -23.0004, -43.3659],
    ['ERB Belo Horizonte Savassi', 'MG', -19.9386, -43.9352],
    ['ERB Brasília Asa Sul', 'DF', -15.822, -47.9036],
    ['ERB Salvador Pituba', 'BA', -12.998, -38.455],
    ['ERB Fortaleza Aldeota', 'CE', -3.736, -38.497],
    ['ERB Manaus Adrianópolis', 'AM', -3.1, -60.01],
    ['ERB Porto Alegre Moinhos', 'RS', -30.027, -51.203],
  ];
  erbs.forEach(([local, uf, lat, lon], i) => {
    const base = {
      systemId: SYSTEM_GERADORES,
      localNome: local,
      uf,
      lat,
      lon,
      site: `erb-${i + 1}`,
    };
    const offline = uf === 'AM' ? { status: 'offline' as const, offlineDays: 3 } : {};
    const kwn = [80, 100, 125, 150][i % 4] ?? 100;
    add({
      ...base,
      ...offline,
      nome: `GMG ${local}`,
      patrimonio: 'GMG1',
      tipo: 'gerador',
      params: generator(kwn, 'standby', 300),
      panels: [
        ['Visão Geral', 'gerador-qta'],
        ['GMG', 'gerador-gl'],
      ],
    });
    add({
      ...base,
      ...offline,
      nome: `QTA ${local}`,
      patrimonio: 'QTA1',
      tipo: 'qta',
      params: { vn: 380 },
    });
    add({
      ...base,
      ...(uf === 'CE' ? { status: 'offline' as const, offlineDays: 2 } : offline),
      nome: `Tanque ${local}`,
      patrimonio: 'TQ1',
      tipo: 'tanque',
      params: { capacidade: [500, 750, 1000][i % 3] ?? 500 },
    });
  });

  // System 179: hospitals (plants) with two generators, transfer, UPS, vaccine cold room and tank.
  for (const plant of plants.filter((p) => p.systemId === SYSTEM_HOSPITAIS)) {
    const base = {
      systemId: SYSTEM_HOSPITAIS,
      localNome: plant.nome,
      uf: plant.uf,
      lat: plant.lat,
      lon: plant.lon,
      usinaId: plant.id,
      site: `hospital-${plant.id}`,
    };
    add({
      ...base,
      nome: `GMG1 ${plant.nome}`,
      patrimonio: 'GMG1',
      tipo: 'gerador',
      params: generator(500, 'standby', 1000),
    });
    add({
      ...base,
      nome: `GMG2 ${plant.nome}`,
      patrimonio: 'GMG2',
      tipo: 'gerador',
      params: generator(450, 'standby', 1000),
    });
    add({
      ...base,
      nome: `QTA ${plant.nome}`,
      patrimonio: 'QTA1',
      tipo: 'qta',
      params: { vn: 380 },
    });
    add({
      ...base,
      nome: `UPS Centro Cirúrgico ${plant.uf}`,
      patrimonio: 'UPS1',
      tipo: 'ups',
      params: { kva: 120, vn: 220 },
    });
    add({
      ...base,
      nome: `Câmara de Vacinas ${plant.uf}`,
      patrimonio: 'CF1',
      tipo: 'geladeira',
      params: { setpoint: -20 },
    });
    add({
      ...base,
      nome: `Tanque Diesel ${plant.uf}`,
      patrimonio: 'TQ1',
      tipo: 'tanque',
      params: { capacidade: 5000 },
      // Curitiba's diesel delivery is late: the boilers drew it down to 29 % (attention).
      ...(plant.id === 12 ? { lateDelivery: { level: 0.29 } } : {}),
    });
  }

  // System 200: prime power plants: three generators, a paralleling panel, an export meter
  // and the plant's aggregate measurement; SCDs with their storage tanks.
  for (const plant of plants.filter((p) => p.systemId === SYSTEM_USINAS)) {
    const scd = scds.find((s) => s.usinaId === plant.id);
    const base = {
      systemId: SYSTEM_USINAS,
      localNome: plant.nome,
      uf: plant.uf,
      lat: plant.lat,
      lon: plant.lon,
      usinaId: plant.id,
      scdId: scd?.id ?? null,
      site: `usina-${plant.id}`,
    };
    const panels: [string, string][] = [
      ['Visão Geral', 'gerador'],
      ['Energia', 'gerador-energ'],
    ];
    for (const n of [1, 2, 3]) {
      add({
        ...base,
        ...(plant.id === 4 && n === 3 ? { status: 'offline' as const, offlineDays: 2 } : {}),
        nome: `GMG${n} ${plant.nome}`,
        patrimonio: `GMG${n}`,
        tipo: 'gerador',
        params: generator(800, 'prime', 2000),
        panels,
        loadProfile: PRIME_DISPATCH[plant.id]?.[n - 1],
      });
    }
    add({
      ...base,
      nome: `TFR ${plant.nome}`,
      patrimonio: 'TFR1',
      tipo: 'tfr',
      params: { vn: 380, kwn: 2400 },
    });
    add({
      ...base,
      nome: `Medidor de Exportação ${plant.nome}`,
      patrimonio: 'MED1',
      tipo: 'medidor',
      params: { numSerie: 50_120_000 + plant.id },
    });
    add({ ...base, nome: plant.nome, patrimonio: 'USINA', tipo: 'usina', params: { kwn: 2400 } });
  }
  for (const scd of scds) {
    const base = {
      systemId: SYSTEM_USINAS,
      localNome: scd.nome,
      uf: scd.uf,
      lat: scd.lat,
      lon: scd.lon,
      usinaId: scd.usinaId,
      scdId: scd.id,
      site: `usina-${scd.usinaId}`,
    };
    add({ ...base, nome: scd.nome, patrimonio: 'SCD', tipo: 'scd', params: { kwn: 2400 } });
    add({
      ...base,
      nome: `Tanque de Armazenamento ${scd.nome}`,
      patrimonio: 'TQ-ARM',
      tipo: 'tanque',
      params: { capacidade: 30000 },
    });
  }

  // System 210: natural gas compression base, trailers and CNG stations.
  const suape = plants.find((p) => p.id === 21);
  if (suape) {
    const base = {
      systemId: SYSTEM_GAS,
      localNome: suape.nome,
      uf: suape.uf,
      lat: suape.lat,
      lon: suape.lon,
      usinaId: suape.id,
      site: 'gas-suape',
    };
    for (const n of [1, 2]) {
      add({
        ...base,
        nome: `PLC Compressor ${n}`,
        patrimonio: `PLC${n}`,
        tipo: 'plc',
        params: { capacidadeVazao: 1800 },
      });
    }
    add({
      ...base,
      nome: 'Carreta GNC 01 - Consumo',
      patrimonio: 'CAR1',
      tipo: 'carreta',
      params: { uso: 'consumo', capacidade: 5500 },
    });
    add({
      ...base,
      nome: 'Carreta GNC 02 - Estocagem',
      patrimonio: 'CAR2',
      tipo: 'carreta',
      params: { uso: 'estocagem', capacidade: 5500 },
      panels: [['Estocagem', 'carreta-estocagem']],
    });
  }
  const postos: [string, string, number, number][] = [
    ['Posto GNV Boa Viagem', 'PE', -8.119, -34.9],
    ['Posto GNV Caruaru', 'PE', -8.283, -35.976],
    ['Posto GNV João Pessoa', 'PB', -7.115, -34.861],
  ];
  postos.forEach(([local, uf, lat, lon], i) => {
    add({
      systemId: SYSTEM_GAS,
      localNome: local,
      uf,
      lat,
      lon,
      site: `posto-${i + 1}`,
      nome: local,
      patrimonio: `POSTO${i + 1}`,
      tipo: 'posto',
      params: { capacidade: 8000 },
      ...(uf === 'PB' ? { status: 'never' as const } : {}),
    });
  });
  add({
    systemId: SYSTEM_GAS,
    localNome: 'Posto GNV Caruaru',
    uf: 'PE',
    lat: -8.283,
    lon: -35.976,
    site: 'posto-2',
    nome: 'PLC Posto GNV Caruaru',
    patrimonio: 'PLC-POSTO',
    tipo: 'plc',
    params: { capacidadeVazao: 600 },
    panels: [['PLC', 'plc']],
  });

  // System 220: a venue with device groups and an energy center.
  const arena = {
    systemId: SYSTEM_ARENA,
    localNome: 'Arena Guanabara',
    uf: 'RJ',
    lat: -22.9121,
    lon: -43.2302,
    venueId: 1,
    site: 'arena',
  };
  const arenaDevices: [string, string, string, number, Record<string, number | string>, boolean][] =
    [
      ['Transformador TR-01', 'TR-01', 'transformer', 1, { kva: 1500 }, true],
      ['Transformador TR-02', 'TR-02', 'transformer', 1, { kva: 1500 }, true],
      ['QGBT Principal', 'QGBT1', 'qgbt', 1, { kwn: 2000 }, true],
      ['Medidor da Concessionária', 'MED-CONC', 'medidor', 1, { numSerie: 70_450_001 }, true],
      ['Medidor Geral Arena', 'MED-GERAL', 'medidor', 1, { numSerie: 70_450_002 }, true],
      ['GMG1 Arena Guanabara', 'GMG1', 'gerador', 2, generator(1000, 'standby', 2000), true],
      ['GMG2 Arena Guanabara', 'GMG2', 'gerador', 2, generator(1000, 'standby', 2000), true],
      ['QTA Arena Guanabara', 'QTA1', 'qta', 2, { vn: 380 }, true],
      ['Câmara Fria Bares Norte', 'CF-N', 'geladeira', 3, { setpoint: -18 }, false],
      ['Câmara Fria Bares Sul', 'CF-S', 'geladeira', 3, { setpoint: -18 }, false],
      ['UPS Sala de Controle', 'UPS1', 'ups', 4, { kva: 80, vn: 220 }, false],
      ['UPS Iluminação de Emergência', 'UPS2', 'ups', 4, { kva: 60, vn: 220 }, false],
      ['Monitor de Baterias Sala de Controle', 'BAT1', 'batmon', 4, { vccn: 48 }, false],
      ['Monitor de Baterias Telecom', 'BAT2', 'batmon', 4, { vccn: 48 }, false],
      ['I/O Casa de Bombas', 'IO1', 'io', 4, {}, false],
      ['I/O Climatização', 'IO2', 'io', 4, {}, false],
    ];
  for (const [nome, patrimonio, tipo, groupId, params, energy] of arenaDevices) {
    add({ ...arena, nome, patrimonio, tipo, groupId, params, energyCenterId: energy ? 1 : null });
  }

  // System 230: the customer with a single system.
  const padaria = {
    systemId: SYSTEM_CLIENTE,
    localNome: 'Padaria Pão Dourado - Moema',
    uf: 'SP',
    lat: -23.601,
    lon: -46.665,
    site: 'padaria',
  };
  add({
    ...padaria,
    nome: 'GMG Padaria Pão Dourado',
    patrimonio: 'GMG1',
    tipo: 'gerador',
    params: generator(60, 'standby', 200),
  });
  add({
    ...padaria,
    nome: 'Tanque Padaria Pão Dourado',
    patrimonio: 'TQ1',
    tipo: 'tanque',
    params: { capacidade: 250 },
    // The diesel oven drew it down to 14 % and the delivery is late (critical).
    lateDelivery: { level: 0.14 },
  });
  add({
    ...padaria,
    nome: 'Medidor Padaria Pão Dourado',
    patrimonio: 'MED1',
    tipo: 'medidor',
    params: { numSerie: 90_001_234 },
  });

  return { companies, systems, plants, scds, venues, groups, energyCenters, devices };
}

/** Ids of devices the simulator keeps silent (offline or never communicated). */
export function silentDeviceIds(fleet: Fleet): Set<number> {
  return new Set(fleet.devices.filter((d) => d.status !== 'online').map((d) => d.id));
}
