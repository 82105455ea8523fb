import { titleCase } from '@vigia/domain';

interface DeviceTypeView {
  /** Plural label of the type on the cluster home. */
  label: string;
  /** The cluster list that shows the type (spec 000 §2 cluster group). */
  routeId: string;
}

const TYPES: Record<string, DeviceTypeView> = {
  gerador: { label: 'Geradores', routeId: 'main.cluster.geradores' },
  qta: { label: 'QTA', routeId: 'main.cluster.qtas' },
  tfr: { label: 'TFR', routeId: 'main.cluster.tfrs' },
  transformer: { label: 'Transformadores', routeId: 'main.cluster.dispositivos' },
  ups: { label: 'UPS', routeId: 'main.cluster.ups' },
  tanque: { label: 'Tanques', routeId: 'main.cluster.tanque' },
  medidor: { label: 'Medidores', routeId: 'main.cluster.medidores' },
  batmon: { label: 'Monitores de bateria', routeId: 'main.cluster.batmon' },
  io: { label: 'I/O', routeId: 'main.cluster.io' },
  geladeira: { label: 'Geladeiras', routeId: 'main.cluster.geladeira' },
  plc: { label: 'PLC de gás', routeId: 'main.cluster.dispositivos' },
  posto: { label: 'Postos', routeId: 'main.cluster.postos' },
  carreta: { label: 'Carretas', routeId: 'main.cluster.dispositivos' },
  usina: { label: 'Usinas', routeId: 'main.cluster.usinas' },
  scd: { label: 'SCDs', routeId: 'main.cluster.scds' },
  qgbt: { label: 'QGBT', routeId: 'main.cluster.dispositivos' },
};

/** A type without its own list opens the device list. */
export function deviceTypeView(tipo: string): DeviceTypeView {
  return TYPES[tipo] ?? { label: titleCase(tipo), routeId: 'main.cluster.dispositivos' };
}

/** Order of the cards: the types operators watch most first, the rest by name. */
const ORDER = Object.keys(TYPES);

export function compareTypes(a: string, b: string): number {
  const ia = ORDER.indexOf(a);
  const ib = ORDER.indexOf(b);
  if (ia !== -1 || ib !== -1)
    return (ia === -1 ? ORDER.length : ia) - (ib === -1 ? ORDER.length : ib);
  return a.localeCompare(b, 'pt-BR');
}
