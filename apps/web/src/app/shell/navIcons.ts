import {
  IconAlertTriangle,
  IconBattery2,
  IconBolt,
  IconBuildingFactory2,
  IconChartLine,
  IconDeviceDesktopAnalytics,
  IconEngine,
  IconFileText,
  IconGasStation,
  IconGauge,
  IconHistory,
  IconHome,
  IconLayoutGrid,
  IconList,
  IconMap2,
  IconPoint,
  type IconProps,
  IconSettings,
  IconTemperature,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<IconProps>;

/** Side navigation icons by the last part of the state name (e.g. `main.cluster.geradores` → geradores). */
const BY_NAME: Record<string, Icon> = {
  home: IconHome,
  mapa: IconMap2,
  ocorrencias: IconAlertTriangle,
  ativas: IconAlertTriangle,
  active: IconAlertTriangle,
  historico: IconHistory,
  history: IconHistory,
  baterias: IconBattery2,
  bateria: IconBattery2,
  batmon: IconBattery2,
  loadspeed: IconGauge,
  tanque: IconGasStation,
  tanques: IconGasStation,
  energia: IconBolt,
  geradores: IconEngine,
  gerador: IconEngine,
  geradoreson: IconEngine,
  potencias: IconEngine,
  primeclusters: IconEngine,
  prime: IconEngine,
  usinas: IconBuildingFactory2,
  scds: IconBuildingFactory2,
  gestao: IconSettings,
  relatorios: IconFileText,
  horimetro: IconFileText,
  infos: IconFileText,
  gerenciador: IconChartLine,
  unifilar: IconDeviceDesktopAnalytics,
  lista: IconList,
  dispositivos: IconLayoutGrid,
  geladeira: IconTemperature,
};

export function navIcon(routeId: string): Icon {
  const name = routeId.slice(routeId.lastIndexOf('.') + 1);
  return BY_NAME[name] ?? IconPoint;
}
