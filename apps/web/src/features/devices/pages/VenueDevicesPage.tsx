import { Alert } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useVenue } from '../api/get-venue';
import type { ColumnContext } from '../columns/deviceColumns';
import { mixedColumns } from '../columns/mixedColumns';
import { DeviceListScreen } from '../components/DeviceListScreen';
import { PageHeading } from '../components/PageHeading';
import { PlaceSummary, PlaceSummaryPlaceholder } from '../components/PlaceSummary';
import { VenueGroupNav } from '../components/VenueGroupNav';
import { MIXED_READINGS } from '../lists';
import { readingsOfType } from './PlaceHomePage';
import classes from './VenueDevicesPage.module.css';

const columnsOfMixed = (ctx: ColumnContext) => mixedColumns(ctx, readingsOfType);
const GROUP_PARAM = 'grupo';

interface Props {
  /** `venue/:venueId` shows tiles first, `venue/:venueId/lista` the table. */
  view: 'cards' | 'tabela';
}

/** A venue's devices with its name and the device-group side bar. */
export function VenueDevicesPage({ view }: Props) {
  const params = useParams();
  const sisId = Number(params.sisId);
  const venueId = Number(params.venueId);
  const venue = useVenue(sisId, venueId);
  const [search, setSearch] = useSearchParams();
  const groupId = Number(search.get(GROUP_PARAM)) || null;
  const groups = venue.data?.gruposDispositivos ?? [];
  const group = groups.find((g) => g.id === groupId) ?? null;

  const choose = (id: number | null) => {
    const next = new URLSearchParams(search);
    if (id === null) next.delete(GROUP_PARAM);
    else next.set(GROUP_PARAM, String(id));
    setSearch(next, { replace: true });
  };

  return (
    <>
      <PageHeading
        title={venue.data?.nome ?? 'Venue'}
        subtitle={group ? `Grupo ${group.nome}` : 'Todos os dispositivos'}
        aside={
          venue.data ? (
            <PlaceSummary totals={venue.data} />
          ) : (
            <PlaceSummaryPlaceholder withGenerators={false} />
          )
        }
      />
      {venue.data === null && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          Venue não encontrada.
        </Alert>
      )}
      {/* The groups and the list together, once the venue's groups are known:
          on a phone the groups sit above the list and would push it down. */}
      {venue.isPending && <DelayedLoader label="Carregando a venue" />}
      {!venue.isPending && (
        <div className={classes.layout}>
          <aside className={classes.side}>
            <VenueGroupNav groups={groups} selected={group?.id ?? null} onSelect={choose} />
          </aside>
          <div className={classes.main}>
            <DeviceListScreen
              id={`venue-${view}`}
              label={`Dispositivos da venue${group ? ` (${group.nome})` : ''}`}
              item="dispositivo"
              selection={{
                sisid: sisId,
                venueId,
                idGrupoDispositivo: group?.id,
              }}
              nomes={MIXED_READINGS}
              columns={columnsOfMixed}
              readingsOf={readingsOfType}
              liveSisId={sisId}
              defaultView={view}
            />
          </div>
        </div>
      )}
    </>
  );
}

export const VenueHomePage = () => <VenueDevicesPage view="cards" />;
export const VenueListPage = () => <VenueDevicesPage view="tabela" />;
