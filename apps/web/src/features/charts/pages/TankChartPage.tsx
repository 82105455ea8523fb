import { useParams } from 'react-router';
import { DeviceCharts } from '../components/DeviceCharts';

/**
 * `tanque/grafico/:siteId` (main.cluster.tanqueChart): the tank's chart presets
 * (litros, temperatura, nivel) over a period, one chart per preset with a
 * shared cursor, and their values in a table.
 */
export function TankChartPage() {
  const siteId = Number(useParams().siteId);
  return (
    <DeviceCharts
      owner={{ idSite: siteId, tipoLocal: 'dispositivo', deviceId: siteId }}
      label="Gráfico do Tanque"
      notFound="Tanque não encontrado."
      none="Nenhum gráfico configurado para este tanque."
    />
  );
}

/**
 * `site/:scdId/:usinaId/:siteId/grafico/:chartId` (main.site.grafico): one
 * chart preset of the device (spec 000 §3 presets by device type).
 */
export function SiteChartPage() {
  const params = useParams();
  const siteId = Number(params.siteId);
  return (
    <DeviceCharts
      owner={{ idSite: siteId, tipoLocal: 'dispositivo', deviceId: siteId }}
      chartId={Number(params.chartId)}
      label="Gráfico"
      notFound="Gráfico não encontrado."
      none="Nenhum gráfico configurado para este dispositivo."
    />
  );
}
