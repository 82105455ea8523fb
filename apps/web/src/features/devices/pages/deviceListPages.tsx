import { DeviceListPage } from './DeviceListPage';

/* The route table mounts these (one chunk for every typed device list). */

export const GeneratorsRunningPage = () => <DeviceListPage list="geradoreson" />;
export const PrimeGeneratorsPage = () => <DeviceListPage list="primeclusters" />;
export const QtaListPage = () => <DeviceListPage list="qtas" />;
export const TfrListPage = () => <DeviceListPage list="tfrs" />;
export const UpsListPage = () => <DeviceListPage list="ups" />;
export const BatteryMonitorListPage = () => <DeviceListPage list="batmon" />;
export const IoListPage = () => <DeviceListPage list="io" />;
export const RefrigeratorListPage = () => <DeviceListPage list="geladeira" />;
export const MeterListPage = () => <DeviceListPage list="medidores" />;
export const GasStationListPage = () => <DeviceListPage list="postos" />;
