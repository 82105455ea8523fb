import '@mantine/core/styles/Tabs.css';
import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { SystemManagementPage } from '../../features/energy/pages/ManagementPages';
import { SystemOccurrenceManagementPage } from '../../features/occurrences/pages/OccurrenceHistoryPages';

/** The tab in the address (`?aba=dispositivos`), so a link or a reload keeps it. */
export const MANAGEMENT_TAB_PARAM = 'aba';
const ALARMS = 'alarmes';
const DEVICES = 'dispositivos';

/**
 * `/gestao` 'Alarmes Gestão' (main.cluster.gestao): the system's alarms (the
 * occurrences feature's list, opened first as the label says) and its devices'
 * management, the very screen of the plant, SCD and venue `gestao` routes
 * (energy feature) over the whole system. Combined here: features do not
 * import each other.
 */
export function ClusterManagementRoute() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get(MANAGEMENT_TAB_PARAM) === DEVICES ? DEVICES : ALARMS;
  const choose = (value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === DEVICES) next.set(MANAGEMENT_TAB_PARAM, DEVICES);
    else next.delete(MANAGEMENT_TAB_PARAM);
    setSearch(next, { replace: true });
  };
  return (
    <Tabs value={tab} onChange={choose} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value={ALARMS}>Alarmes</Tabs.Tab>
        <Tabs.Tab value={DEVICES}>Gestão de Dispositivos</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value={ALARMS}>
        <SystemOccurrenceManagementPage />
      </Tabs.Panel>
      <Tabs.Panel value={DEVICES}>
        <SystemManagementPage />
      </Tabs.Panel>
    </Tabs>
  );
}
