import { TIPO_SITE } from '@vigia/contract';
import { SiteTablePage } from './SiteTablePage';

/* The route table mounts these: the device, plant, SCD and venue site tables (spec 001 §2). */

export const DevicesSiteTablePage = () => (
  <SiteTablePage tipoSite={TIPO_SITE.dispositivo} title="Lista Dispositivos" item="dispositivo" />
);
export const PlantsSiteTablePage = () => (
  <SiteTablePage tipoSite={TIPO_SITE.usina} title="Lista Usinas" item="usina" />
);
export const ScdsSiteTablePage = () => (
  <SiteTablePage tipoSite={TIPO_SITE.scd} title="Lista SCDs" item="SCD" />
);
export const VenuesSiteTablePage = () => (
  <SiteTablePage tipoSite={TIPO_SITE.venue} title="Lista Venues" item="local" />
);
