import { Text } from '@mantine/core';

/** A site's name over its asset tag (patrimônio), as both fuel tables show it. */
export function SiteName({ nome, patrimonio }: { nome: string; patrimonio: string }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {nome}
      </Text>
      <Text size="xs" c="gray.7">
        {patrimonio}
      </Text>
    </>
  );
}
