import { Text } from '@mantine/core';
import { emptyTableMessage } from '@vigia/domain';

interface Props {
  /** What the table lists, singular: 'sistema' gives 'Nenhum sistema encontrado.' */
  item: string;
}

export function EmptyMessage({ item }: Props) {
  return (
    <Text c="dimmed" ta="center" py="lg">
      {emptyTableMessage(item)}
    </Text>
  );
}
