import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { DeviceEnergyCard, EnergyCard } from '@vigia/contract';
import { ENERGY_CARD_DELAY_MS } from '@vigia/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { TONE_TEXT } from '../../../ui/tone';
import { formatKwh, formatVariation, variationTone } from './energyFormat';
import { MINI_BARS_HEIGHT, MINI_BARS_WIDTH, MiniBars } from './MiniBars';

/** Spec 000 §9: an energy card is 200 wide. */
export const ENERGY_CARD_WIDTH = 200;

interface Props {
  title: ReactNode;
  /** Plain text name for the chart's accessible label. */
  name: string;
  subtitle?: string;
  card: EnergyCard;
}

/**
 * Spec 000 §9 "card width 200 with a 600 ms delay": a card's figures show at
 * once and its chart is drawn 600 ms after the card appears, in a box of its
 * size kept empty until then (nothing moves). A page of many cards paints its
 * text first; the charts follow together.
 */
function useDrawnAfter(delayMs: number): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDrawn(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return drawn;
}

/** Spec 000 §3 Energy card: the period's total, daily mean, previous mean and variation, with its days. */
export function EnergyCardTile({ title, name, subtitle, card }: Props) {
  const tone = variationTone(card.diferencaPorcentagem);
  const drawn = useDrawnAfter(ENERGY_CARD_DELAY_MS);
  return (
    <Paper withBorder p="sm" w={ENERGY_CARD_WIDTH} component="article" aria-label={name}>
      <Stack gap={4}>
        <Text fw={600} size="sm" lineClamp={2}>
          {title}
        </Text>
        {subtitle && (
          <Text size="xs" c="gray.7">
            {subtitle}
          </Text>
        )}
        {drawn ? (
          <MiniBars energia={card.energia} label={`Energia por dia de ${name}`} />
        ) : (
          <Box w={MINI_BARS_WIDTH} h={MINI_BARS_HEIGHT} />
        )}
        <Text size="sm">
          Total: <strong>{formatKwh(card.energiaTotal)}</strong>
        </Text>
        <Text size="xs" c="gray.7">
          Média: {formatKwh(card.energiaMedia)}
        </Text>
        <Text size="xs" c="gray.7">
          Média anterior: {formatKwh(card.energiaMediaPassada)}
        </Text>
        <Text size="xs" style={{ color: TONE_TEXT[tone] }}>
          Variação: {formatVariation(card.diferencaPorcentagem)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** One card per device of a place (SCD energy, plant management), side by side. */
export function DeviceEnergyCards({ rows }: { rows: readonly DeviceEnergyCard[] }) {
  return (
    <Group align="stretch" gap="sm">
      {rows.map((r) => (
        <EnergyCardTile key={r.id} title={r.nome} name={r.nome} subtitle={r.patrimonio} card={r} />
      ))}
    </Group>
  );
}
