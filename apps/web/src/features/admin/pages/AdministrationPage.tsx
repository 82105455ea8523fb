import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Alert, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { ADMIN_MESSAGES } from '@vigia/domain';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/navigation';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useSystems } from '../api/admin';
import { AuditPanel } from '../components/AuditPanel';
import { CompaniesPanel } from '../components/CompaniesPanel';
import { DevicesPanel } from '../components/DevicesPanel';
import { EscalationPanel } from '../components/EscalationPanel';
import { ModelsPanel } from '../components/ModelsPanel';
import { PlacesPanel } from '../components/PlacesPanel';
import { SystemsPanel } from '../components/SystemsPanel';
import { UsersPanel } from '../components/UsersPanel';

/**
 * 'Administração' (issue 28): companies and systems (the platform's
 * administrators), and the places, users and devices of each administered
 * system. The server decides what each caller may see and change.
 */
export function AdministrationPage() {
  usePageTitle('Administração');
  const user = useUserInfo();
  const administrator =
    user.data?.administrador === true || user.data?.administradorPlataforma === true;
  const systems = useSystems(administrator);
  const [chosen, setChosen] = useState<number | null>(null);
  const [tab, setTab] = useState<string | null>('usuarios');
  if (user.data === undefined) return <DelayedLoader />;
  const platform = user.data.administradorPlataforma === true;
  if (!administrator) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Administração
        </Title>
        <Alert color="gray" variant="light" role="status">
          {ADMIN_MESSAGES.adminOnly}
        </Alert>
      </Stack>
    );
  }
  const list = systems.data ?? [];
  const sisId = chosen ?? list[0]?.id;
  const scoped = (panel: (id: number) => React.ReactNode) =>
    sisId === undefined ? (
      <Text c="gray.8" py="md">
        {platform
          ? 'Nenhum sistema ainda: crie uma empresa e um sistema nas abas Empresas e Sistemas.'
          : 'Você não administra nenhum sistema.'}
      </Text>
    ) : (
      panel(sisId)
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Administração
      </Title>
      <Select
        label="Sistema"
        description="Usuários, dispositivos, locais e auditoria deste sistema."
        data={list.map((s) => ({ value: String(s.id), label: `${s.nome} · ${s.empresa}` }))}
        value={sisId === undefined ? null : String(sisId)}
        onChange={(value) => setChosen(value ? Number(value) : null)}
        allowDeselect={false}
        searchable
        nothingFoundMessage="Nenhum sistema encontrado."
        maw={420}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="usuarios">Usuários</Tabs.Tab>
          <Tabs.Tab value="dispositivos">Dispositivos</Tabs.Tab>
          <Tabs.Tab value="locais">Locais</Tabs.Tab>
          <Tabs.Tab value="modelos">Modelos</Tabs.Tab>
          <Tabs.Tab value="sistemas">Sistemas</Tabs.Tab>
          <Tabs.Tab value="empresas">Empresas</Tabs.Tab>
          <Tabs.Tab value="escalonamento">Escalonamento</Tabs.Tab>
          <Tabs.Tab value="auditoria">Auditoria</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="usuarios" pt="md">
          {scoped((id) => (
            <UsersPanel sisId={id} systems={list} platform={platform} />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="dispositivos" pt="md">
          {scoped((id) => (
            <DevicesPanel sisId={id} />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="locais" pt="md">
          {scoped((id) => (
            <PlacesPanel sisId={id} />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="modelos" pt="md">
          <ModelsPanel platform={platform} />
        </Tabs.Panel>
        <Tabs.Panel value="sistemas" pt="md">
          <SystemsPanel platform={platform} />
        </Tabs.Panel>
        <Tabs.Panel value="empresas" pt="md">
          <CompaniesPanel platform={platform} />
        </Tabs.Panel>
        <Tabs.Panel value="escalonamento" pt="md">
          {scoped((id) => (
            <EscalationPanel sisId={id} />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="auditoria" pt="md">
          {scoped((id) => (
            <AuditPanel sisId={id} />
          ))}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
