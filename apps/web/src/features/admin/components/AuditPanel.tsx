import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import type { AuditRow } from '@vigia/contract';
import {
  type AuditNames,
  auditActionLabel,
  auditDetailsText,
  formatDateTime,
  MESSAGES,
  type Period,
  validatePeriodSec,
} from '@vigia/domain';
import { useMemo, useState } from 'react';
import { type ExcelColumn, exportExcel } from '../../../lib/excel';
import { writeFailureText } from '../../../lib/httpErrors';
import { notifyError } from '../../../ui/notify';
import { PeriodRangeInputs } from '../../../ui/PeriodRangeInputs';
import { auditRowsFor, useAuditTrail, useModels, usePlaces, useSystems } from '../api/admin';
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

/** The systems, companies, models and places the details name by id, from lists the tabs read too. */
function useAuditNames(sisId: number): AuditNames {
  const systems = useSystems().data;
  const models = useModels().data;
  const places = usePlaces(sisId).data;
  return useMemo(() => {
    const placesOf = (tipo: string) =>
      new Map((places ?? []).filter((p) => p.tipo === tipo).map((p) => [p.id, p.nome]));
    return {
      sistemas: new Map((systems ?? []).map((s) => [s.id, s.nome])),
      empresas: new Map((systems ?? []).map((s) => [s.empresaId, s.empresa])),
      modelos: new Map((models ?? []).map((m) => [m.id, m.nome])),
      usinas: placesOf('usina'),
      scds: placesOf('scd'),
      venues: placesOf('venue'),
    };
  }, [systems, models, places]);
}

/** The Excel file's columns: the table's, and the system's name. */
function exportColumns(names: AuditNames): readonly ExcelColumn<AuditRow>[] {
  return [
    { header: 'Data e hora', value: (r) => r.ts, format: 'date' },
    { header: 'Usuário', value: (r) => r.usuario ?? 'sistema' },
    { header: 'Ação', value: (r) => auditActionLabel(r.acao) },
    { header: 'Dispositivo', value: (r) => r.dispositivo },
    { header: 'Sistema', value: (r) => r.sistema },
    { header: 'Detalhes', value: (r) => auditDetailsText(r.acao, r.detalhes, names) },
  ];
}

/** 'Auditoria': who did what in the chosen system, newest first, and its Excel export. */
export function AuditPanel({ sisId }: { sisId: number }) {
  const [acao, setAcao] = useState('');
  const [period, setPeriod] = useState<Period>(() => {
    const now = Math.floor(Date.now() / 1000);
    return { inicio: now - 30 * DAY, fim: now };
  });
  const [exporting, setExporting] = useState(false);
  const names = useAuditNames(sisId);
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
      await exportExcel(
        'auditoria.xlsx',
        exportColumns(names),
        await auditRowsFor(filters, EXPORT_MAX),
      );
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
                {
                  header: 'Detalhes',
                  cell: (r) => auditDetailsText(r.acao, r.detalhes, names) || '—',
                },
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
