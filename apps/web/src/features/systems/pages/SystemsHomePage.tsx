import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import { Alert, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { SystemsTable } from '../components/SystemsTable';

interface Props {
  /** What needs a look across the systems (the cluster feature's lists, put here by the app). */
  renderAttention?: (systemName: (sisId: number) => string | null) => React.ReactNode;
}

/**
 * Customer home, system id 0 (spec 000 §2): the user's systems, and what is
 * offline or alarming among them. With one system or fewer it opens that system directly.
 */
export function SystemsHomePage({ renderAttention }: Props = {}) {
  const links = useRouteLinks();
  const user = useUserInfo();

  if (user.isPending) return <DelayedLoader />;
  if (user.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        Não foi possível carregar os sistemas do usuário.
      </Alert>
    );
  }
  const { sistemas } = user.data;
  const landing = links.landingHref(sistemas);
  if (landing) return <Navigate to={landing} replace />;

  return (
    <>
      <Title order={1} size="h2" mb={4}>
        Sistemas
      </Title>
      <Text c="gray.7" size="sm" mb="lg">
        Escolha o sistema a acompanhar.
      </Text>
      <SystemsTable sistemas={sistemas} />
      {/* After the table, so the lists arriving move nothing above them. */}
      {renderAttention?.((id) => sistemas.find((s) => s.id === id)?.nome ?? null)}
    </>
  );
}
