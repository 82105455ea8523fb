import { AnalysisListPage } from './AnalysisListPage';

/* The route table mounts these; the scope (all systems, system, plant, SCD, venue) comes from the route. */

export const BatteryStatusPage = () => <AnalysisListPage kind="baterias" title="Status Baterias" />;
export const LoadSpeedStatusPage = () => (
  <AnalysisListPage kind="loadspeeds" title="Status LoadSpeed" />
);
export const PowerStatusPage = () => <AnalysisListPage kind="potencias" title="Status Geradores" />;
export const TankStatusPage = () => (
  <AnalysisListPage kind="tanques" title="Status Nível de Tanque" />
);
export const ScdTanksPage = () => <AnalysisListPage kind="tanques" title="Tanques" />;
