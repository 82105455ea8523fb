import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { isHttpError } from '../../../lib/httpErrors';
import { type PlaceKind, usePlaceDevice } from '../../../lib/site/get-place-device';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { isPlantLine, useChartPresets } from '../api/get-chart-presets';
import { loadFailure } from '../components/ChartScreen';
import { DeviceCharts } from '../components/DeviceCharts';
import { PlantCallCharts } from '../components/PlantCallCharts';

const NOT_FOUND = 'Gráfico não encontrado.';

/**
 * `usina/:usinaId/grafico/:chartId` (main.usina.grafico): a plant chart
 * preset. Equipment power and energy per day come from the plant chart call;
 * the other presets draw the plant's measuring device.
 */
export function PlantChartPage() {
  const params = useParams();
  return (
    <PlaceCharts kind="usina" placeId={Number(params.usinaId)} chartId={Number(params.chartId)} />
  );
}

/** `scd/:scdId/scd/grafico/:chartId` (main.scd.grafico): an SCD chart preset, drawn from its measuring device. */
export function ScdChartPage() {
  const params = useParams();
  return <PlaceCharts kind="scd" placeId={Number(params.scdId)} chartId={Number(params.chartId)} />;
}

function PlaceCharts({
  kind,
  placeId,
  chartId,
}: {
  kind: PlaceKind;
  placeId: number;
  chartId: number;
}) {
  const device = usePlaceDevice(kind, placeId);
  const owner = device.data ? { idSite: placeId, tipoLocal: kind, deviceId: device.data.id } : null;
  const presets = useChartPresets(owner);
  const preset = presets.data?.find((p) => p.idGraphical === chartId);
  const plantLine = preset?.lines.find(isPlantLine);

  if (isHttpError(presets.error, 404) || (device.isSuccess && device.data === null)) {
    return (
      <Alert color="red" variant="light" role="alert">
        {NOT_FOUND}
      </Alert>
    );
  }
  if (device.isError || presets.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {loadFailure(device.error ?? presets.error)}
      </Alert>
    );
  }
  if (!owner || !presets.data) return <DelayedLoader label="Carregando o gráfico" />;
  if (kind === 'usina' && preset && plantLine) {
    return (
      <PlantCallCharts
        usinaId={placeId}
        nome={preset.nome}
        line={plantLine}
        tempoDefault={preset.tempoDefault}
      />
    );
  }
  return (
    <DeviceCharts
      owner={owner}
      chartId={chartId}
      label="Gráfico"
      title={device.data?.nome}
      notFound={NOT_FOUND}
      none="Nenhum gráfico configurado."
    />
  );
}
