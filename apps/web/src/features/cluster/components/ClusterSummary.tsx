import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TipoTotal } from '@vigia/contract';
import { deviceCountTone, type Tone } from '@vigia/domain';
import { TONE_TEXT } from '../../../ui/tone';

interface Figure {
  label: string;
  value: number;
  tone: Tone;
}

/** The system at a glance: all devices, how many communicate, how many have an active alarm. */
export function ClusterSummary({ tipos }: { tipos: readonly TipoTotal[] }) {
  const total = tipos.reduce((sum, t) => sum + t.total, 0);
  const online = tipos.reduce((sum, t) => sum + t.online, 0);
  const alarmed = tipos.reduce((sum, t) => sum + t.comAlarme, 0);
  const figures: Figure[] = [
    { label: 'Dispositivos', value: total, tone: 'neutral' },
    { label: 'Online', value: online, tone: deviceCountTone('online', online) },
    { label: 'Offline', value: total - online, tone: deviceCountTone('offline', total - online) },
    { label: 'Com alarme', value: alarmed, tone: deviceCountTone('alarm', alarmed) },
  ];
  return (
    <Paper withBorder p="md" mb="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl" verticalSpacing="md" maw={720}>
        {figures.map((figure) => (
          <div key={figure.label}>
            <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
              {figure.label}
            </Text>
            <Text
              fz={26}
              fw={600}
              lh={1.2}
              style={{ color: TONE_TEXT[figure.tone], fontVariantNumeric: 'tabular-nums' }}
            >
              {figure.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
