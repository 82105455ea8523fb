import { Button, Group, Text, Title } from '@mantine/core';
import { FUEL_LISTING_DAYS } from '@vigia/domain';
import { useIncompleteDays } from '../api/get-incomplete-days';
import type { FuelScope } from '../api/keys';
import { dayLabel } from './dayLabel';

interface Props {
  scope: FuelScope;
  current: string;
  onOpen: (dataRef: string) => void;
}

/** Spec 001 §4 (default listing 30 days): the days with sites still without entry. */
export function IncompleteDays({ scope, current, onOpen }: Props) {
  const days = useIncompleteDays(scope).data ?? [];
  return (
    <section aria-labelledby="dias-sem-entrada">
      <Title order={2} size="h4" mt="xl" mb={4} id="dias-sem-entrada">
        Dias com sites sem entrada
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Últimos {FUEL_LISTING_DAYS} dias. Escolha um dia para registrar os consumos que faltam.
      </Text>
      {days.length === 0 ? (
        <Text size="sm">Todos os dias têm consumo registrado.</Text>
      ) : (
        <Group gap="xs">
          {days.map((day) => (
            <Button
              key={day.dataRef}
              size="compact-sm"
              variant={day.dataRef === current ? 'filled' : 'default'}
              aria-pressed={day.dataRef === current}
              onClick={() => onOpen(day.dataRef)}
            >
              {dayLabel(day.dataRef)} · {day.sitesSemEntrada} de {day.sitesHabilitados} sem entrada
            </Button>
          ))}
        </Group>
      )}
    </section>
  );
}
