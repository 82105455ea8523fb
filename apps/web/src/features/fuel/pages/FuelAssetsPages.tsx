import '@mantine/core/styles/Table.css';
import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { FuelAssetScope } from '../api/keys';
import { FuelAssetsPanel } from '../components/FuelAssetsPanel';
import { RefuelsPanel } from '../components/RefuelsPanel';

function Page({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {title}
      </Title>
      <Text c="gray.7" size="sm" mb="md">
        {description}
      </Text>
      {children}
    </>
  );
}

/** The system of the route, and its venue on the venue variants. */
function useAssetScope(): FuelAssetScope {
  const params = useParams();
  const venueId = Number(params.venueId);
  return {
    sisId: Number(params.sisId) || 0,
    venueId: Number.isInteger(venueId) && venueId > 0 ? venueId : null,
  };
}

/** Spec 000 §2 `/combustivel/patrimonios` (cluster and venue). */
export function FuelAssetsPage() {
  const scope = useAssetScope();
  return (
    <Page
      title="Combustível - Patrimonios"
      description={
        scope.venueId
          ? 'Tanques e geradores da venue: volume, consumo registrado, autonomia e último abastecimento.'
          : 'Tanques e geradores do sistema: volume, consumo registrado, autonomia e último abastecimento.'
      }
    >
      <FuelAssetsPanel key={`${scope.sisId}:${scope.venueId}`} scope={scope} />
    </Page>
  );
}

/** Spec 000 §2 `/combustivel/abastecimento` (cluster and venue). */
export function RefuelsPage() {
  const scope = useAssetScope();
  return (
    <Page
      title="Combustível - Abastecimento"
      description="Abastecimentos dos tanques no período, detectados pela subida do volume."
    >
      <RefuelsPanel key={`${scope.sisId}:${scope.venueId}`} scope={scope} />
    </Page>
  );
}
