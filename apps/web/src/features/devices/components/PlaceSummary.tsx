import { Group } from '@mantine/core';
import { formatNumber, NOMINAL_MISSING } from '@vigia/domain';
import { StateBadge } from '../../../ui/StateBadge';

interface Totals {
  dispositivos: number;
  online: number;
  alarmTreeMapValue: number;
  geradores?: number;
  geradoresLigados?: number;
  potenciaAtual?: number | null;
  /** null: a generator has no nominal registered, so the place's is unknown. */
  potenciaNominal?: number | null;
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
            {formatNumber(totals.potenciaAtual, 0)}{' '}
            {totals.potenciaNominal === null || totals.potenciaNominal === undefined
              ? `kW (${NOMINAL_MISSING})`
              : `de ${formatNumber(totals.potenciaNominal, 0)} kW`}
          </StateBadge>
        </li>
      )}
    </Group>
  );
}

/**
 * The summary's room while the place loads: badges of a typical width, not
 * shown, so the totals arriving move nothing under the heading.
 */
export function PlaceSummaryPlaceholder({ withGenerators }: { withGenerators: boolean }) {
  const texts = [
    '00/00 online',
    '00 alarmes',
    ...(withGenerators ? ['0/0 GMG ON · 0000 de 0000 kW'] : []),
  ];
  return (
    <Group gap={6} aria-hidden="true" style={{ visibility: 'hidden' }}>
      {texts.map((text) => (
        <StateBadge key={text} tone="neutral" size="md" tt="none">
          {text}
        </StateBadge>
      ))}
    </Group>
  );
}
