import { Alert } from '@mantine/core';
import type { DeviceRow } from '@vigia/contract';
import { useParams } from 'react-router';
import { usePlant } from '../api/get-plant';
import { useScd } from '../api/get-scd';
import type { ColumnContext } from '../columns/deviceColumns';
import { mixedColumns } from '../columns/mixedColumns';
import { DeviceListScreen } from '../components/DeviceListScreen';
import { PlaceHeading } from '../components/PlaceHeading';
import { MIXED_CARD_READINGS, MIXED_READINGS } from '../lists';

export const readingsOfType = (row: DeviceRow) => MIXED_CARD_READINGS[row.tipo] ?? [];
const columnsOfMixed = (ctx: ColumnContext) => mixedColumns(ctx, readingsOfType);

interface Props {
  kind: 'usina' | 'scd';
}

/** `usina/:usinaId/home` and `scd/:scdId/home`: the place's totals and its devices as tiles or a table. */
export function PlaceHomePage({ kind }: Props) {
  const params = useParams();
  const sisId = Number(params.sisId);
  const id = Number(kind === 'usina' ? params.usinaId : params.scdId);
  // The heading reads the same place (one cached query): here only for the error.
  const plant = usePlant(kind === 'usina' ? id : 0, kind === 'usina');
  const scd = useScd(kind === 'scd' ? id : 0, kind === 'scd');
  const place = kind === 'usina' ? plant : scd;

  return (
    <>
      <PlaceHeading kind={kind} id={id} />
      {place.isError && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {kind === 'usina' ? 'Usina não encontrada.' : 'SCD não encontrado.'}
        </Alert>
      )}
      <DeviceListScreen
        id={`${kind}-dispositivos`}
        label={`Dispositivos ${kind === 'usina' ? 'da usina' : 'do SCD'}`}
        item="dispositivo"
        selection={kind === 'usina' ? { sisid: sisId, usinaId: id } : { sisid: sisId, scdId: id }}
        nomes={MIXED_READINGS}
        columns={columnsOfMixed}
        readingsOf={readingsOfType}
        liveSisId={sisId}
        defaultView="cards"
      />
    </>
  );
}

export const PlantHomePage = () => <PlaceHomePage kind="usina" />;
export const ScdHomePage = () => <PlaceHomePage kind="scd" />;
