import { NavLink, Paper, Text } from '@mantine/core';

interface Group {
  id: number;
  nome: string;
}

interface Props {
  groups: readonly Group[];
  /** The chosen group, or null for every device of the venue. */
  selected: number | null;
  onSelect: (groupId: number | null) => void;
}

/** The venue side bar (spec 001 §2): its device groups; choosing one narrows the list. */
export function VenueGroupNav({ groups, selected, onSelect }: Props) {
  return (
    <Paper withBorder p={4} component="nav" aria-label="Grupos de dispositivos">
      <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pt={6} pb={4}>
        Grupos
      </Text>
      <NavLink
        component="button"
        label="Todos os dispositivos"
        active={selected === null}
        aria-current={selected === null ? 'true' : undefined}
        onClick={() => onSelect(null)}
        variant="light"
      />
      {groups.map((group) => (
        <NavLink
          key={group.id}
          component="button"
          label={group.nome}
          active={selected === group.id}
          aria-current={selected === group.id ? 'true' : undefined}
          onClick={() => onSelect(group.id)}
          variant="light"
        />
      ))}
    </Paper>
  );
}
