import { Alert, Anchor, Text, Title } from '@mantine/core';
import { MESSAGES } from '@vigia/domain';
import { Link, useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { ContractForm } from '../components/ContractForm';

/** 'Adiciona Contrato' (spec 000 §2): a new contract of the cluster or, on the venue screens, of the venue. */
export function AddContractPage() {
  const params = useParams();
  const sisId = Number(params.sisId) || 0;
  const venueId = params.venueId ? Number(params.venueId) : undefined;
  const navigate = useNavigate();
  const info = useUserInfo();
  const listHref = useRouteLinks().hrefFor(
    venueId === undefined ? 'main.cluster.contratos' : 'main.venue.contratos',
    params,
  );
  const back = () => {
    if (listHref) navigate(listHref);
  };

  return (
    <>
      <Title order={1} size="h2" mb={4}>
        Adiciona Contrato
      </Title>
      <Text c="gray.7" size="sm" mb="md">
        Número, cliente, período e os dispositivos que o contrato cobre
        {venueId === undefined ? ' no cluster.' : ' no venue.'}
      </Text>
      {info.isPending ? (
        <DelayedLoader />
      ) : info.data?.administrador === true ? (
        <ContractForm sisId={sisId} venueId={venueId} onSaved={back} onCancel={back} />
      ) : (
        <Alert color="gray" role="status">
          {MESSAGES.contractAdminOnly}{' '}
          {listHref && (
            <Anchor component={Link} to={listHref}>
              Voltar aos contratos
            </Anchor>
          )}
        </Alert>
      )}
    </>
  );
}
