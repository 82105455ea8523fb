import { Alert, Group, Text, Title } from '@mantine/core';
import type { GpsDevice, GpsLocation, MapPlace } from '@vigia/contract';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useGpsDevices } from '../api/get-gps-devices';
import { useGpsLocations } from '../api/get-gps-locations';
import { useGpsMap } from '../api/get-gps-map';
import { DeviceMap, type MapFocus } from '../components/DeviceMap';
import { LocationList } from '../components/LocationList';
import { PinLegend } from '../components/PinLegend';
import { pinColorOf } from '../components/pins';
import { placeHref, siteHref } from '../components/placeLinks';
import classes from './GpsMapPage.module.css';

const MAP_HEIGHT = 'calc(100dvh - 200px)';

/**
 * `home-clientes-map` (every system of the user, sisId 0) and
 * `home-cluster-map` (one system): the located devices with the pin-colour
 * rule, the fixed places and the list of places beside the map.
 */
export function GpsMapPage() {
  const sisId = Number(useParams().sisId ?? 0);
  const links = useRouteLinks();
  const navigate = useNavigate();
  const devices = useGpsDevices(sisId);
  const map = useGpsMap(sisId);
  const locations = useGpsLocations(sisId);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const nowSec = Math.floor((devices.dataUpdatedAt || Date.now()) / 1000);

  const counts = useMemo(() => {
    const out = { green: 0, gray: 0, red: 0 };
    for (const device of devices.data ?? []) out[pinColorOf(device)] += 1;
    return out;
  }, [devices.data]);

  const openDevice = (device: GpsDevice) => {
    const href = siteHref(links, device);
    if (href) navigate(href);
  };
  const openPlace = (place: MapPlace) => {
    const href = placeHref(links, place);
    if (href) navigate(href);
  };
  const focusLocation = (location: GpsLocation) =>
    setFocus({ lat: location.lat, longi: location.longi, key: Date.now() });

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <div>
          <Title order={1} size="h2">
            Mapa
          </Title>
          <Text size="sm" c="gray.7">
            {devices.data
              ? `${devices.data.length} ${devices.data.length === 1 ? 'dispositivo localizado' : 'dispositivos localizados'}`
              : '\u00a0'}
          </Text>
        </div>
        <PinLegend counts={devices.data ? counts : undefined} />
      </Group>
      {devices.isError && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          Não foi possível carregar os dispositivos do mapa.
        </Alert>
      )}
      <div className={classes.layout}>
        <div className={classes.map}>
          <DeviceMap
            devices={devices.data ?? EMPTY}
            places={map.data?.locais ?? EMPTY_PLACES}
            limites={map.data?.limites}
            label="Mapa dos dispositivos"
            nowSec={nowSec}
            focus={focus}
            height={MAP_HEIGHT}
            onOpenDevice={openDevice}
            onOpenPlace={openPlace}
          />
        </div>
        <aside className={classes.side} aria-label="Dispositivos por local">
          {locations.isPending && <DelayedLoader />}
          {locations.data && (
            <LocationList
              locations={locations.data}
              nowSec={nowSec}
              onFocus={focusLocation}
              height={MAP_HEIGHT}
            />
          )}
        </aside>
      </div>
    </>
  );
}

const EMPTY: GpsDevice[] = [];
const EMPTY_PLACES: MapPlace[] = [];
