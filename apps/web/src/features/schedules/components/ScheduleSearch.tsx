import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { WEEKDAY_NAMES } from '@vigia/domain';
import type { ScheduleFilters } from '../api/search-schedules';
import { type UserOption, userLabel } from './userOptions';

interface Props {
  users: readonly UserOption[];
  filters: ScheduleFilters;
  onChange: (filters: ScheduleFilters) => void;
}

/** A time field's value as a filter: empty is no filter. */
const time = (value: string) => (value === '' ? undefined : value);

/** Spec 001 §2: searches by user, weekday, entry, exit and interval. */
export function ScheduleSearch({ users, filters, onChange }: Props) {
  const set = (change: Partial<ScheduleFilters>) => onChange({ ...filters, ...change });
  return (
    <Group align="flex-end" gap="sm" mb="md" role="search" aria-label="Buscar escalas">
      <NativeSelect
        label="Usuário"
        w={240}
        value={filters.usuario_id == null ? '' : String(filters.usuario_id)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          set({ usuario_id: value === '' ? undefined : Number(value) });
        }}
        data={[
          { value: '', label: 'Todos' },
          ...users.map((user) => ({ value: String(user.id), label: userLabel(user) })),
        ]}
      />
      <NativeSelect
        label="Dia da semana"
        w={160}
        value={filters.dia_semana == null ? '' : String(filters.dia_semana)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          set({ dia_semana: value === '' ? undefined : Number(value) });
        }}
        data={[
          { value: '', label: 'Todos' },
          ...WEEKDAY_NAMES.map((name, dia) => ({ value: String(dia), label: name })),
        ]}
      />
      <TextInput
        label="Entrada"
        type="time"
        w={120}
        value={filters.entrada ?? ''}
        onChange={(event) => set({ entrada: time(event.currentTarget.value) })}
      />
      <TextInput
        label="Saída"
        type="time"
        w={120}
        value={filters.saida ?? ''}
        onChange={(event) => set({ saida: time(event.currentTarget.value) })}
      />
      <TextInput
        label="Em serviço de"
        type="time"
        w={120}
        value={filters.intervaloInicio ?? ''}
        onChange={(event) => set({ intervaloInicio: time(event.currentTarget.value) })}
      />
      <TextInput
        label="até"
        type="time"
        w={120}
        value={filters.intervaloFim ?? ''}
        onChange={(event) => set({ intervaloFim: time(event.currentTarget.value) })}
      />
      <Button variant="default" onClick={() => onChange({})}>
        Limpar filtros
      </Button>
    </Group>
  );
}
