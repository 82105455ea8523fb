import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { isHttpError } from '../../../lib/httpErrors';
import { usePageTitle } from '../../../lib/navigation';
import { useEnergyCenter } from '../api/get-energy-center';
import { getEnergyCenterPage } from '../api/get-energy-center-page';
import type { ColumnContext } from '../columns/deviceColumns';
import { mixedColumns } from '../columns/mixedColumns';
import { DeviceListScreen } from '../components/DeviceListScreen';
import { PageHeading } from '../components/PageHeading';
import { useSystemName } from '../components/useListScope';
import { MIXED_READINGS } from '../lists';
import { readingsOfType } from './PlaceHomePage';

const columnsOfMixed = (ctx: ColumnContext) => mixedColumns(ctx, readingsOfType);

const LABEL = 'Dispositivos - Energy Center';

/**
 * `sites/dispositivos/:energycenterId`: the energy center's devices (spec 000
 * §7 energy-center call), titled with its name (last breadcrumb too).
 */
export function EnergyCenterPage() {
  const params = useParams();
  const sisId = Number(params.sisId);
  const energycenterId = Number(params.energycenterId);
  const systemName = useSystemName(sisId);
  const center = useEnergyCenter(energycenterId);
  const nome = center.data?.nome ?? null;
  usePageTitle(nome);
  return (
    <>
      <PageHeading
        title={nome ?? LABEL}
        subtitle={nome ? [LABEL, systemName].filter(Boolean).join(' · ') : systemName}
      />
      {center.isError && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {isHttpError(center.error, 404)
            ? 'Energy center não encontrado.'
            : 'Não foi possível carregar o energy center.'}
        </Alert>
      )}
      <DeviceListScreen
        id="energy-center"
        label="Dispositivos do energy center"
        item="dispositivo"
        selection={{ energycenterId }}
        nomes={MIXED_READINGS}
        columns={columnsOfMixed}
        readingsOf={readingsOfType}
        liveSisId={sisId}
        fetchPage={(query) =>
          getEnergyCenterPage({ energycenterId, nomes: MIXED_READINGS, ...query })
        }
      />
    </>
  );
}
