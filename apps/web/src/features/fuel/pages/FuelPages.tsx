import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Tooltip.css';
import { Tabs, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { FuelScope } from '../api/keys';
import { FuelConfigPanel } from '../components/FuelConfigPanel';
import { FuelEntryPanel } from '../components/FuelEntryPanel';

interface Props {
  title: string;
  description: string;
  scope: FuelScope;
}

function FuelPage({ title, description, scope }: Props) {
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {title}
      </Title>
      <Text c="gray.7" size="sm" mb="md">
        {description}
      </Text>
      <Tabs defaultValue="entrada" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="entrada">Entrada diária</Tabs.Tab>
          <Tabs.Tab value="configuracao">Configuração</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="entrada">
          <FuelEntryPanel scope={scope} />
        </Tabs.Panel>
        <Tabs.Panel value="configuracao">
          <FuelConfigPanel scope={scope} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** Spec 000 §2 `/entrada/combustivel`: the system's sites. */
export function SystemFuelPage() {
  const sisId = Number(useParams().sisId) || 0;
  return (
    <FuelPage
      title="Entrada de Combustível"
      description="Consumo diário de combustível de cada site habilitado do sistema."
      scope={{ sisId }}
    />
  );
}

/** Spec 000 §2 `/scd/:scdId/consumo-manual`: the SCD's sites. */
export function ScdFuelPage() {
  const params = useParams();
  const sisId = Number(params.sisId) || 0;
  const scdId = Number(params.scdId) || 0;
  return (
    <FuelPage
      key={scdId}
      title="Consumo Manual"
      description="Consumo diário de combustível dos sites deste SCD."
      scope={{ sisId, scdId }}
    />
  );
}
