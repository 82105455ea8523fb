import '@mantine/core/styles/Pagination.css';
import { Alert, Button, Group, Pagination, Text, Title } from '@mantine/core';
import type { Contract } from '@vigia/contract';
import { emptyTableMessage, MAX_PAGE_SIZE, MESSAGES, PAGE_SIZE } from '@vigia/domain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { exportExcel } from '../../../lib/excel';
import { useRouteLinks } from '../../../lib/navigation';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { confirm } from '../../../ui/confirm';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useDebouncedValue } from '../../../ui/table/useDebouncedValue';
import { listContracts, type ContractFilters as Query, useContracts } from '../api/list-contracts';
import { useRemoveContract } from '../api/remove-contract';
import {
  ContractFilters,
  type ContractFilterValues,
  NO_FILTERS,
} from '../components/ContractFilters';
import { ContractForm } from '../components/ContractForm';
import { ContractTable } from '../components/ContractTable';
import { CONTRACT_EXCEL_COLUMNS } from '../components/contractExcel';

const PAGE = PAGE_SIZE.lists;

/**
 * 'Contratos' (spec 000 §2, cluster and venue groups): the service contracts of
 * the system, or of the venue, with their status; administrators add, edit and remove.
 */
export function ContractsPage() {
  const params = useParams();
  const sisId = Number(params.sisId) || 0;
  const venueId = params.venueId ? Number(params.venueId) : undefined;
  const canWrite = useUserInfo().data?.administrador === true;
  const addHref = useRouteLinks().hrefFor(
    venueId === undefined ? 'main.cluster.addcontratos' : 'main.venue.addcontratos',
    params,
  );
  const [filters, setFilters] = useState<ContractFilterValues>(NO_FILTERS);
  const texto = useDebouncedValue(filters.texto.trim(), 300).value;
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Contract | null>(null);
  const [exporting, setExporting] = useState(false);
  const query: Query = {
    venueId,
    status: filters.status || undefined,
    filtroTexto: texto || undefined,
  };
  const list = useContracts(sisId, query, { offSet: (page - 1) * PAGE, limit: PAGE });
  const remove = useRemoveContract();
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE));
  const filtered = query.status !== undefined || query.filtroTexto !== undefined;

  const askRemove = async (contrato: Contract) => {
    const message = MESSAGES.contractRemoveConfirm
      .replace('{numero}', contrato.numero)
      .replace('{cliente}', contrato.cliente);
    if (!(await confirm({ message, danger: true }))) return;
    remove.mutate(contrato.id, {
      onSuccess: () => {
        if (editing?.id === contrato.id) setEditing(null);
      },
    });
  };

  const exportList = async () => {
    setExporting(true);
    try {
      const all = await listContracts(sisId, query, { offSet: 0, limit: MAX_PAGE_SIZE });
      await exportExcel('contratos.xlsx', CONTRACT_EXCEL_COLUMNS, all.contratos);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={1} size="h2" mb={4}>
            Contratos
          </Title>
          <Text c="gray.7" size="sm">
            Contratos de serviço {venueId === undefined ? 'do cluster e dos venues' : 'do venue'},
            com os dispositivos cobertos e a situação pelas datas.
          </Text>
        </div>
        {canWrite && addHref && (
          <Button component={Link} to={addHref}>
            Adiciona Contrato
          </Button>
        )}
      </Group>

      {canWrite && editing && (
        <ContractForm
          key={editing.id}
          sisId={sisId}
          contrato={editing}
          onSaved={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      )}

      <ContractFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
        onExport={exportList}
        exporting={exporting}
        canExport={total > 0}
      />

      {list.isPending ? (
        <DelayedLoader label="Carregando contratos…" />
      ) : list.isError ? (
        <Alert color="red" title="Erro" role="alert">
          <Group gap="sm">
            <Text size="sm">Não foi possível carregar os contratos.</Text>
            <Button size="compact-sm" variant="default" onClick={() => list.refetch()}>
              Tentar novamente
            </Button>
          </Group>
        </Alert>
      ) : list.data.contratos.length === 0 ? (
        <Text c="gray.7" ta="center" py="lg">
          {emptyTableMessage('contrato')}
          {!filtered && canWrite && ' Use “Adiciona Contrato” para cadastrar o primeiro.'}
        </Text>
      ) : (
        <ContractTable
          contratos={list.data.contratos}
          canWrite={canWrite}
          onEdit={setEditing}
          onRemove={askRemove}
        />
      )}
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="gray.7">
          {total} {total === 1 ? 'contrato' : 'contratos'}
        </Text>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      </Group>
    </>
  );
}
