import { Anchor, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { GpsLocation } from '@vigia/contract';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import classes from './LocationList.module.css';
import { communicationText, pinColorOf, pinFill } from './pins';
import { siteHref } from './placeLinks';

interface Props {
  locations: readonly GpsLocation[];
  nowSec: number;
  onFocus: (location: GpsLocation) => void;
  height: number | string;
}

function Dot({ color }: { color: 'green' | 'gray' | 'red' }) {
  return <span className={classes.dot} style={{ background: pinFill(color) }} aria-hidden />;
}

/** The located devices grouped by place, beside the map: a place centres the map, a device opens its page. */
export function LocationList({ locations, nowSec, onFocus, height }: Props) {
  const links = useRouteLinks();
  if (locations.length === 0) return <EmptyMessage item="local" />;
  return (
    <ScrollArea h={height} type="auto" className={classes.list}>
      <Stack gap={0} component="ul" className={classes.items} aria-label="Locais">
        {locations.map((location) => (
          <li key={`${location.local}|${location.lat}|${location.longi}`} className={classes.item}>
            <UnstyledButton
              onClick={() => onFocus(location)}
              className={classes.place}
              aria-label={`Centralizar o mapa em ${location.local}/${location.uf}`}
            >
              <Text fw={600} size="sm" c="gray.9">
                {location.local}
              </Text>
              <Text size="xs" c="gray.7">
                {location.uf} · {location.dispositivos.length}{' '}
                {location.dispositivos.length === 1 ? 'dispositivo' : 'dispositivos'}
              </Text>
            </UnstyledButton>
            <Stack gap={2} component="ul" className={classes.devices}>
              {location.dispositivos.map((device) => {
                const href = siteHref(links, device);
                const name = `${device.patrimonio} · ${device.nome}`;
                return (
                  <li key={device.id}>
                    <Group gap={6} wrap="nowrap">
                      <Dot color={pinColorOf(device)} />
                      {href ? (
                        <Anchor component={Link} to={href} size="sm" c="gray.9" lineClamp={1}>
                          {name}
                        </Anchor>
                      ) : (
                        <Text size="sm" lineClamp={1}>
                          {name}
                        </Text>
                      )}
                    </Group>
                    <Text size="xs" c="gray.7" pl={16}>
                      {communicationText(device, nowSec)}
                      {device.alarmTreeMapValue > 0
                        ? ` · ${device.alarmTreeMapValue} ${device.alarmTreeMapValue === 1 ? 'alarme' : 'alarmes'}`
                        : ''}
                    </Text>
                  </li>
                );
              })}
            </Stack>
          </li>
        ))}
      </Stack>
    </ScrollArea>
  );
}
