import { Group } from '@mantine/core';
import { formatNumber } from '@vigia/domain';
import { StateBadge } from '../../../ui/StateBadge';

interface Totals {
  dispositivos: number;
  online: number;
  alarmTreeMapValue: number;
  geradores?: number;
  geradoresLigados?: number;
  potenciaAtual?: number | null;
  potenciaNominal?: number;
}

/** A plant's or SCD's totals: devices online, alarms, generators on and power. */
export function PlaceSummary({ totals }: { totals: Totals }) {
  const offline = totals.dispositivos - totals.online;
  return (
    <Group
      gap={6}
      component="ul"
      aria-label="Resumo"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      <li>
        <StateBadge tone={offline === 0 ? 'good' : 'warning'} size="md" tt="none">
          {totals.online}/{totals.dispositivos} online
        </StateBadge>
      </li>
      <li>
        <StateBadge tone={totals.alarmTreeMapValue > 0 ? 'bad' : 'neutral'} size="md" tt="none">
          {totals.alarmTreeMapValue} {totals.alarmTreeMapValue === 1 ? 'alarme' : 'alarmes'}
        </StateBadge>
      </li>
      {totals.geradores !== undefined && totals.geradores > 0 && (
        <li>
          <StateBadge tone="neutral" size="md" tt="none">
            {totals.geradoresLigados}/{totals.geradores} GMG ON ·{' '}
            {formatNumber(totals.potenciaAtual, 0)} de {formatNumber(totals.potenciaNominal, 0)} kW
          </StateBadge>
        </li>
      )}
    </Group>
  );
}
