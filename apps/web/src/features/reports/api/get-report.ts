import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableQuery } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/ConfigurationTable/{idSite}/table`, the device's report presets. */
export function useReportConfigs(siteId: number | null) {
  return useQuery({
    queryKey: ['reports', 'configs', siteId],
    queryFn: ({ signal }) =>
      call(
        API.configuration.tables,
        { params: { idSite: siteId as number }, query: {} },
        { signal },
      ),
    enabled: siteId !== null && Number.isInteger(siteId) && siteId > 0,
    refetchInterval: false,
    staleTime: 5 * 60_000,
  });
}

/** Spec 000 §7: `GET /api/DataTable/{idTable}/historico`, a page of a report preset's rows. */
export function useReportData(idTable: number | null, query: DataTableQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'data', idTable, query],
    queryFn: ({ signal }) =>
      call(API.reports.dataTable, { params: { idTable: idTable as number }, query }, { signal }),
    enabled: enabled && idTable !== null,
    placeholderData: keepPreviousData,
    refetchInterval: false,
  });
}

/** `GET /api/DataTable/{idTable}/manutencao`: a page of the maintenance report, with the period's totals. */
export function useMaintenanceData(
  idTable: number | null,
  query: DataTableQuery,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['reports', 'maintenance', idTable, query],
    queryFn: ({ signal }) =>
      call(API.reports.maintenance, { params: { idTable: idTable as number }, query }, { signal }),
    enabled: enabled && idTable !== null,
    placeholderData: keepPreviousData,
    refetchInterval: false,
  });
}
