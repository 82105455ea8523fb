import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { isRollingChartPeriod, type Period } from '@vigia/domain';
import type { ReactNode } from 'react';
import { isHttpError } from '../../../lib/httpErrors';
import { ChartPeriodFields, type ChartPeriodValue } from './ChartPeriodFields';
import { formatDateMinute } from './chartFormat';

/** A failed load in words: the server's message for a refused request, else a generic one. */
export function loadFailure(error: unknown): string {
  return isHttpError(error) && error.status < 500
    ? error.message
    : 'Não foi possível carregar o gráfico.';
}

interface Props {
  title: string;
  subtitle: string;
  /** The screen's target does not exist or is not the user's. */
  notFound: string | null;
  period: ChartPeriodValue;
  onPeriodChange: (value: ChartPeriodValue) => void;
  problem: string | null;
  problemId: string;
  /** The period loaded (shown beside the fields). */
  loaded: Period | null;
  /** Buttons beside the period (the plant's graph ordering). */
  actions?: ReactNode;
  /** Whether a window that ends now reloads each minute (false: daily figures). */
  live?: boolean;
  children: ReactNode;
}

/**
 * The frame of every chart screen: title, the period combo with its
 * validation (nothing loads while it is invalid), and the charts below.
 */
export function ChartScreen({
  title,
  subtitle,
  notFound,
  period,
  onPeriodChange,
  problem,
  problemId,
  loaded,
  actions,
  live = true,
  children,
}: Props) {
  const rolling = live && isRollingChartPeriod(period.choice);
  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {subtitle}
          </Text>
        </div>
      </Group>
      {notFound ? (
        <Alert color="red" variant="light" role="alert">
          {notFound}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <ChartPeriodFields
              value={period}
              onChange={onPeriodChange}
              problem={problem}
              problemId={problemId}
            />
            {/* Its lines are kept while the period loads, so the charts below stay
                put (on a phone 'atualiza a cada minuto' takes a second line). */}
            {!problem && (
              <Text
                size="sm"
                c="gray.7"
                pb={8}
                w={{ base: '100%', sm: 'auto' }}
                mih={{ base: rolling ? '3.1em' : undefined, sm: 0 }}
              >
                {loaded ? (
                  <>
                    De {formatDateMinute(loaded.inicio)} a {formatDateMinute(loaded.fim)}
                    {rolling ? ' · atualiza a cada minuto' : ''}
                  </>
                ) : (
                  '\u00a0'
                )}
              </Text>
            )}
            {actions && (
              <Group ml="auto" pb={4}>
                {actions}
              </Group>
            )}
          </Group>
          {problem ? (
            <Alert id={problemId} color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : (
            children
          )}
        </Stack>
      )}
    </>
  );
}
