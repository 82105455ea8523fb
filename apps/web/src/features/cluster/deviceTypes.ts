import { deviceTypePlural } from '@vigia/domain';

interface DeviceTypeView {
  /** Plural label of the type on the cluster home (the domain's). */
  label: string;
  /** The cluster list that shows the type (spec 000 §2 cluster group). */
  routeId: string;
}

/** The cluster list that shows each type. */
const ROUTES: Record<string, string> = {
  gerador: 'main.cluster.geradores',
  qta: 'main.cluster.qtas',
  tfr: 'main.cluster.tfrs',
  transformer: 'main.cluster.dispositivos',
  ups: 'main.cluster.ups',
  tanque: 'main.cluster.tanque',
  medidor: 'main.cluster.medidores',
  batmon: 'main.cluster.batmon',
  io: 'main.cluster.io',
  geladeira: 'main.cluster.geladeira',
  plc: 'main.cluster.dispositivos',
  posto: 'main.cluster.postos',
  carreta: 'main.cluster.dispositivos',
  usina: 'main.cluster.usinas',
  scd: 'main.cluster.scds',
  qgbt: 'main.cluster.dispositivos',
};

/** A type without its own list opens the device list. */
export function deviceTypeView(tipo: string): DeviceTypeView {
  return { label: deviceTypePlural(tipo), routeId: ROUTES[tipo] ?? 'main.cluster.dispositivos' };
}

/** Order of the cards: the types operators watch most first, the rest by name. */
const ORDER = Object.keys(ROUTES);

export function compareTypes(a: string, b: string): number {
  const ia = ORDER.indexOf(a);
  const ib = ORDER.indexOf(b);
  if (ia !== -1 || ib !== -1)
    return (ia === -1 ? ORDER.length : ia) - (ib === -1 ? ORDER.length : ib);
  return a.localeCompare(b, 'pt-BR');
}
