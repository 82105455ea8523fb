import { Anchor, Group, Pagination, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Sistema } from '@vigia/contract';
import { PAGE_SIZE } from '@vigia/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { filterSystems } from './filterSystems';

interface Props {
  sistemas: readonly Sistema[];
}

/** The user's systems: searchable, 10 per page (spec 000 §9), each name opens the system. */
export function SystemsTable({ sistemas }: Props) {
  const links = useRouteLinks();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const rows = filterSystems(sistemas, search);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE.table));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PAGE_SIZE.table, current * PAGE_SIZE.table);

  return (
    <>
      <TextInput
        label="Buscar sistema"
        placeholder="Nome, empresa ou código"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        onKeyDown={(event) => {
          // Enter on a search that leaves one system opens it.
          const only = rows.length === 1 ? rows[0] : undefined;
          if (event.key === 'Enter' && only) navigate(links.systemHomeHref(only));
        }}
        maw={360}
        mb="md"
        type="search"
      />
      <Table highlightOnHover verticalSpacing="sm" withTableBorder aria-label="Sistemas do usuário">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sistema</Table.Th>
            <Table.Th visibleFrom="sm">Empresa</Table.Th>
            <Table.Th w={100} visibleFrom="sm">
              Código
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((sistema) => (
            <Table.Tr key={sistema.id}>
              <Table.Td>
                <Anchor component={Link} to={links.systemHomeHref(sistema)} fw={600} c="gray.9">
                  {sistema.nome}
                </Anchor>
                {/* Phones show one column: the company goes under the name. */}
                <Text size="xs" c="gray.7" hiddenFrom="sm">
                  {sistema.empresa} · {sistema.id}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{sistema.empresa}</Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" c="gray.7">
                  {sistema.id}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && <EmptyMessage item="sistema" />}
      {pages > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Página anterior' : 'Próxima página',
            })}
            getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
          />
        </Group>
      )}
    </>
  );
}
