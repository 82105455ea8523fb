import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The text filter of the device lists and site tables (debounced by the caller). */
export function ListSearchInput({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      aria-label="Buscar"
      placeholder="Buscar nome, patrimônio, local, UF"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      type="search"
      w={320}
      maw="100%"
    />
  );
}
