import { useParams } from 'react-router';
import { getEnergyCenterPage } from '../api/get-energy-center-page';
import type { ColumnContext } from '../columns/deviceColumns';
import { mixedColumns } from '../columns/mixedColumns';
import { DeviceListScreen } from '../components/DeviceListScreen';
import { PageHeading } from '../components/PageHeading';
import { useSystemName } from '../components/useListScope';
import { MIXED_READINGS } from '../lists';
import { readingsOfType } from './PlaceHomePage';

const columnsOfMixed = (ctx: ColumnContext) => mixedColumns(ctx, readingsOfType);

/** `sites/dispositivos/:energycenterId`: the energy center's devices (spec 000 §7 energy-center call). */
export function EnergyCenterPage() {
  const params = useParams();
  const sisId = Number(params.sisId);
  const energycenterId = Number(params.energycenterId);
  const systemName = useSystemName(sisId);
  return (
    <>
      <PageHeading title="Dispositivos - Energy Center" subtitle={systemName} />
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
