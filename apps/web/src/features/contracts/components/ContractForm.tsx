import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { Contract } from '@vigia/contract';
import {
  CONTRACT_CUSTOMER_MAX,
  CONTRACT_NOTES_MAX,
  CONTRACT_NUMBER_MAX,
  MESSAGES,
  validateContract,
} from '@vigia/domain';
import { useId, useState } from 'react';
import { HttpError } from '../../../lib/httpErrors';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useCreateContract } from '../api/create-contract';
import { useCoverableDevices } from '../api/get-coverable-devices';
import { useUpdateContract } from '../api/update-contract';
import { DevicePicker } from './DevicePicker';

interface Props {
  sisId: number;
  /** The venue screens: a contract of this venue (its devices only); absent: the whole cluster. */
  venueId?: number;
  /** Editing this contract (its scope stays); absent: a new contract. */
  contrato?: Contract;
  onSaved?: (saved: Contract) => void;
  onCancel?: () => void;
}

const EMPTY = { numero: '', cliente: '', inicio: '', fim: '', observacao: '' };

/** The server's reason for a refused write (400, 404, 409), shown in the form. */
const reasonOf = (error: unknown) =>
  error instanceof HttpError && error.status < 500 && error.code ? error.message : null;

/** 'Adiciona Contrato', and the same form to edit one from the list. */
export function ContractForm({ sisId, venueId, contrato, onSaved, onCancel }: Props) {
  const scopeVenue = contrato ? (contrato.venueId ?? undefined) : venueId;
  const [form, setForm] = useState(
    contrato
      ? {
          numero: contrato.numero,
          cliente: contrato.cliente,
          inicio: contrato.inicio,
          fim: contrato.fim,
          observacao: contrato.observacao ?? '',
        }
      : EMPTY,
  );
  const [deviceIds, setDeviceIds] = useState<number[]>(
    contrato ? contrato.dispositivos.map((d) => d.id) : [],
  );
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const titleId = useId();
  const devices = useCoverableDevices(sisId, scopeVenue);
  const create = useCreateContract();
  const update = useUpdateContract();
  const pending = create.isPending || update.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { ...form, dispositivoIds: deviceIds };
    const error = validateContract(input);
    setProblem(error);
    if (error) return;
    const body = {
      ...input,
      venueId: scopeVenue ?? null,
      observacao: form.observacao.trim() === '' ? null : form.observacao,
    };
    const done = {
      onSuccess: (answer: { contrato: Contract }) => {
        if (!contrato) {
          setForm(EMPTY);
          setDeviceIds([]);
        }
        onSaved?.(answer.contrato);
      },
      onError: (failure: unknown) => setProblem(reasonOf(failure)),
    };
    if (contrato) update.mutate({ id: contrato.id, contrato: body }, done);
    else create.mutate({ ...body, sisid: sisId }, done);
  };

  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setForm({ ...form, [name]: event.currentTarget.value }),
  });
  const invalid = (...messages: string[]) =>
    problem !== null && messages.includes(problem)
      ? { 'aria-invalid': true, 'aria-describedby': problemId }
      : {};
  const title = contrato ? `Editar contrato ${contrato.numero}` : 'Novo contrato';

  return (
    <Paper withBorder p="md" mb="lg" component="form" onSubmit={submit} aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        {title}
      </Title>
      <Stack gap="sm">
        <Group align="flex-start" gap="md">
          <TextInput
            label="Número"
            w={180}
            maxLength={CONTRACT_NUMBER_MAX}
            {...field('numero')}
            {...invalid(
              MESSAGES.contractNumberRequired,
              MESSAGES.contractNumberTaken.replace('{numero}', form.numero.trim()),
            )}
          />
          <TextInput
            label="Cliente"
            w={320}
            maxLength={CONTRACT_CUSTOMER_MAX}
            {...field('cliente')}
            {...invalid(MESSAGES.contractCustomerRequired)}
          />
          <TextInput
            type="date"
            label="Data Inicial"
            w={170}
            {...field('inicio')}
            {...invalid(MESSAGES.contractDatesRequired, MESSAGES.endBeforeStart)}
          />
          <TextInput
            type="date"
            label="Data Final"
            w={170}
            {...field('fim')}
            {...invalid(MESSAGES.contractDatesRequired, MESSAGES.endBeforeStart)}
          />
        </Group>
        <Text size="sm" c="gray.7">
          Abrangência:{' '}
          {scopeVenue === undefined ? 'todo o cluster' : (contrato?.venueNome ?? 'este venue')}
        </Text>
        {devices.isPending ? (
          <DelayedLoader />
        ) : devices.isError ? (
          <Alert color="red" p="xs">
            Não foi possível carregar os dispositivos.{' '}
            <Button size="compact-xs" variant="default" onClick={() => devices.refetch()}>
              Tentar novamente
            </Button>
          </Alert>
        ) : (
          <DevicePicker
            devices={devices.data}
            selected={deviceIds}
            onChange={setDeviceIds}
            invalid={problem === MESSAGES.contractDevicesRequired}
          />
        )}
        <Textarea
          label="Observações"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={CONTRACT_NOTES_MAX}
          {...field('observacao')}
        />
        {problem && (
          <Alert color="red" role="alert" p="xs" id={problemId}>
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={pending}>
            {contrato ? 'Salvar alteração' : 'Cadastrar'}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
