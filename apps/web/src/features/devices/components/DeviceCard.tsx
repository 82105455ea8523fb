import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DeviceRow } from '@vigia/contract';
import { formatDateTime } from '@vigia/domain';
import { Link } from 'react-router';
import { NotCurrentValue } from '../../../ui/NotCurrentValue';
import { StateBadge } from '../../../ui/StateBadge';
import { TONE_TEXT } from '../../../ui/tone';
import type { CardView } from '../columns/card';
import classes from './DeviceCard.module.css';

interface Props {
  row: DeviceRow;
  view: CardView;
  href: string | null;
}

/** One device as a tile: the state colour on its edge, its key readings and last reading. */
export function DeviceCard({ row, view, href }: Props) {
  const body = (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size="sm" c="gray.9" truncate>
          {row.patrimonio}
        </Text>
        <Group gap={4} wrap="nowrap">
          {view.marker && (
            <StateBadge tone={view.marker.tone} size="sm" tt="none">
              {view.marker.text}
            </StateBadge>
          )}
          <StateBadge tone={view.tone} size="sm" tt="none">
            {view.caption}
          </StateBadge>
        </Group>
      </Group>
      <Text size="sm" c="gray.8" lineClamp={1} title={row.nome}>
        {row.nome}
      </Text>
      <Text size="xs" c="gray.7" lineClamp={1}>
        {row.localNome}
        {row.uf ? ` · ${row.uf}` : ''}
      </Text>
      {view.readings.length > 0 && (
        <SimpleGrid cols={view.readings.length} spacing={6} mt={4}>
          {view.readings.map((r) => (
            <div key={r.label}>
              <Text size="xs" c="gray.7">
                {r.label}
              </Text>
              <Text size="sm" fw={600} className={classes.value}>
                {view.quality === 'online' || view.note === null ? (
                  r.text
                ) : (
                  <NotCurrentValue quality={view.quality} note={view.note}>
                    {r.text}
                  </NotCurrentValue>
                )}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
      <Text size="xs" c="gray.7" data-testid="card-last-reading">
        {view.quality === 'online'
          ? formatDateTime(row.ultimaLeitura)
          : `Última leitura ${formatDateTime(row.ultimaLeitura)}`}
      </Text>
    </Stack>
  );
  const style = { borderLeftColor: TONE_TEXT[view.tone] };
  const label = `${row.patrimonio} ${row.nome}: ${view.caption}`;
  return href ? (
    <Paper
      withBorder
      p="sm"
      component={Link}
      to={href}
      className={`${classes.card} ${classes.link}`}
      style={style}
      aria-label={label}
      data-card-state={view.state}
      data-device-id={row.id}
    >
      {body}
    </Paper>
  ) : (
    <Paper
      withBorder
      p="sm"
      className={classes.card}
      style={style}
      role="group"
      aria-label={label}
      data-card-state={view.state}
      data-device-id={row.id}
    >
      {body}
    </Paper>
  );
}
