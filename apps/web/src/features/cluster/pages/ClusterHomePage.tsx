import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, SimpleGrid, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { usePageTitle, useRouteLinks } from '../../../lib/navigation';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { useListaTipos } from '../api/get-lista-tipos';
import { AttentionLists } from '../components/AttentionLists';
import { ClusterSummary } from '../components/ClusterSummary';
import { DeviceTypeCard } from '../components/DeviceTypeCard';
import { compareTypes, deviceTypeView } from '../deviceTypes';

/**
 * Cluster home `/:sisId/home-cluster`: device-type totals of one system, each
 * opening its list, and the devices offline or with active alarms by name.
 */
export function ClusterHomePage() {
  const sisId = Number(useParams().sisId);
  const links = useRouteLinks();
  const user = useUserInfo();
  const tipos = useListaTipos(sisId);
  const sistema = user.data?.sistemas.find((s) => s.id === sisId);
  usePageTitle(sistema?.nome ?? null);

  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {sistema?.nome ?? `Sistema ${sisId}`}
      </Title>
      <Text c="gray.7" size="sm" mb="lg">
        {sistema?.empresa ?? '\u00a0'}
      </Text>
      {tipos.isPending && <DelayedLoader />}
      {tipos.isError && (
        <Alert color="red" variant="light" role="alert">
          Não foi possível carregar os totais de dispositivos.
        </Alert>
      )}
      {tipos.data && tipos.data.length === 0 && <EmptyMessage item="dispositivo" />}
      {tipos.data && tipos.data.length > 0 && (
        <>
          <ClusterSummary tipos={tipos.data} />
          <Title order={2} size="h4" mb="sm">
            Dispositivos por tipo
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
            {[...tipos.data]
              .sort((a, b) => compareTypes(a.tipo, b.tipo))
              .map((totals) => {
                const view = deviceTypeView(totals.tipo);
                return (
                  <DeviceTypeCard
                    key={totals.tipo}
                    totals={totals}
                    label={view.label}
                    href={links.hrefFor(view.routeId, { sisId })}
                  />
                );
              })}
          </SimpleGrid>
          {/* Last, so the lists arriving move nothing above them. */}
          <AttentionLists sisId={sisId} />
        </>
      )}
    </>
  );
}
