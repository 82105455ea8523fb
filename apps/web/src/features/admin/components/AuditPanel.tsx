import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import type { AuditRow } from '@vigia/contract';
import {
  auditActionLabel,
  formatDateTime,
  MESSAGES,
  type Period,
  validatePeriodSec,
} from '@vigia/domain';
import { useState } from 'react';
import { type ExcelColumn, exportExcel } from '../../../lib/excel';
import { writeFailureText } from '../../../lib/httpErrors';
import { notifyError } from '../../../ui/notify';
import { PeriodRangeInputs } from '../../../ui/PeriodRangeInputs';
import { auditRowsFor, useAuditTrail } from '../api/admin';
import { AdminTable } from './AdminTable';
import { ListState } from './ListState';

/** Kinds of action to filter by (an action's start). */
const ACTION_OPTIONS = [
  { value: '', label: 'Todas' },
  { value: 'admin', label: 'Administração' },
  { value: 'comando', label: 'Comandos' },
  { value: 'occurrence', label: 'Alarmes' },
  { value: 'device', label: 'Serviço de dispositivos' },
  { value: 'notificacao', label: 'Notificações' },
];

/** Most rows an export fetches. */
const EXPORT_MAX = 20_000;
const DAY = 86_400;

/** A row's details as a line: the JSON's fields, 'chave: valor', without braces. */
function detailsText(row: AuditRow): string {
  if (!row.detalhes) return '';
  try {
    const value = JSON.parse(row.detalhes) as Record<string, unknown>;
    return Object.entries(value)
      .filter(
        ([key, v]) => v !== null && v !== undefined && key !== 'system_id' && key !== 'device_id',
      )
      .map(([key, v]) => `${key}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join('; ');
  } catch {
    return row.detalhes;
  }
}

const COLUMNS: readonly ExcelColumn<AuditRow>[] = [
  { header: 'Data e hora', value: (r) => r.ts, format: 'date' },
  { header: 'Usuário', value: (r) => r.usuario ?? 'sistema' },
  { header: 'Ação', value: (r) => auditActionLabel(r.acao) },
  { header: 'Dispositivo', value: (r) => r.dispositivo },
  { header: 'Sistema', value: (r) => r.sistema },
  { header: 'Detalhes', value: detailsText },
];

/** 'Auditoria': who did what in the chosen system, newest first, and its Excel export. */
export function AuditPanel({ sisId }: { sisId: number }) {
  const [acao, setAcao] = useState('');
  const [period, setPeriod] = useState<Period>(() => {
    const now = Math.floor(Date.now() / 1000);
    return { inicio: now - 30 * DAY, fim: now };
  });
  const [exporting, setExporting] = useState(false);
  const problem = validatePeriodSec(period.inicio, period.fim);
  const filters = {
    sisId,
    acao: acao || undefined,
    inicio: period.inicio,
    fim: period.fim,
  };
  const trail = useAuditTrail(filters, !problem);
  const rows = trail.data?.pages.flatMap((p) => p.itens) ?? [];

  const exportRows = async () => {
    setExporting(true);
    try {
      await exportExcel('auditoria.xlsx', COLUMNS, await auditRowsFor(filters, EXPORT_MAX));
    } catch (error) {
      notifyError(writeFailureText(error, MESSAGES.networkError));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <Select
          label="Ação"
          data={ACTION_OPTIONS}
          value={acao}
          allowDeselect={false}
          onChange={(value) => setAcao(value ?? '')}
          w={220}
        />
        <PeriodRangeInputs
          value={period}
          onChange={setPeriod}
          problem={problem}
          problemId="auditoria-periodo"
        />
        <Button
          variant="default"
          onClick={() => void exportRows()}
          loading={exporting}
          disabled={rows.length === 0}
        >
          Exportar Excel
        </Button>
      </Group>
      {problem ? (
        <Alert id="auditoria-periodo" color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ) : (
        <ListState query={trail}>
          {() => (
            <AdminTable
              label="Auditoria"
              item="registro"
              rows={rows}
              minWidth={960}
              columns={[
                { header: 'Data e hora', cell: (r) => formatDateTime(r.ts) },
                { header: 'Usuário', cell: (r) => r.usuario ?? 'sistema' },
                { header: 'Ação', cell: (r) => auditActionLabel(r.acao) },
                { header: 'Dispositivo', cell: (r) => r.dispositivo ?? '—' },
                { header: 'Detalhes', cell: detailsText },
              ]}
            />
          )}
        </ListState>
      )}
      {trail.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void trail.fetchNextPage()}
            loading={trail.isFetchingNextPage}
          >
            Carregar mais
          </Button>
        </Group>
      )}
    </Stack>
  );
}
