import { DeviceListScreen } from '../components/DeviceListScreen';
import { PageHeading } from '../components/PageHeading';
import { useListScope, useSystemName } from '../components/useListScope';
import { DEVICE_LISTS, type DeviceListKey } from '../lists';

interface Props {
  list: DeviceListKey;
}

/** A typed device list of the cluster (or venue) group: its columns, cards and search. */
export function DeviceListPage({ list }: Props) {
  const scope = useListScope();
  const definition = DEVICE_LISTS[list];
  const systemName = useSystemName(scope.sisid);
  return (
    <>
      <PageHeading title={definition.title} subtitle={systemName} />
      <DeviceListScreen
        id={definition.id}
        label={definition.title}
        item={definition.item}
        selection={{ ...definition.selection, ...scope }}
        nomes={definition.nomes}
        columns={definition.columns}
        readingsOf={() => definition.cardReadings}
        liveSisId={scope.sisid}
      />
    </>
  );
}
