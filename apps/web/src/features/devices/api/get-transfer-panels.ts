import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceRowPage } from '@vigia/contract';
import { MAX_PAGE_SIZE, READING } from '@vigia/domain';
import { getDevicePage } from './get-device-page';

/** Transfer-panel readings shown beside each generator in the energy variant. */
export const TRANSFER_PANEL_READINGS = [
  READING.mainsStatus,
  READING.mainsSwitch,
  READING.groupSwitch,
  'redekW',
];

/** The system's transfer panels (QTA) with their mains readings, to pair with the generators of each site. */
export function getTransferPanels(sisId: number, signal?: AbortSignal): Promise<DeviceRowPage> {
  return getDevicePage({
    selection: { sisid: sisId, tipo: ['qta'] },
    nomes: TRANSFER_PANEL_READINGS,
    offSet: 0,
    limit: MAX_PAGE_SIZE,
    signal,
  });
}

export function transferPanelsQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['devices', 'transferPanels', sisId],
    queryFn: ({ signal }) => getTransferPanels(sisId, signal),
  });
}

export function useTransferPanels(sisId: number, enabled = true) {
  return useQuery({ ...transferPanelsQueryOptions(sisId), enabled });
}
