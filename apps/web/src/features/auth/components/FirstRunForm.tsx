import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES } from '@vigia/domain';
import { useState } from 'react';
import { writeFailureText } from '../../../lib/httpErrors';
import { useFirstRun } from '../api/first-run';

interface Props {
  /** The administrator exists: back to sign-in, with the server's message. */
  onDone: (message: string) => void;
  onCancel: () => void;
}

const EMPTY = { codigo: '', nome: '', login: '', senha: '', confirmacao: '' };

/**
 * First run: the one-time code the server wrote to its log (and to
 * codigo-configuracao-inicial.txt in its data folder) creates the first
 * platform administrator.
 */
export function FirstRunForm({ onDone, onCancel }: Props) {
  const [values, setValues] = useState(EMPTY);
  const mutation = useFirstRun();
  const set = (field: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const failure = mutation.isError ? writeFailureText(mutation.error, MESSAGES.networkError) : null;

  return (
    <form
      aria-label="Configuração inicial"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(values, { onSuccess: (answer) => onDone(answer.mensagem) });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.8">
          Crie o primeiro administrador da plataforma com o código que o servidor escreveu no seu
          registro (log) ao iniciar, também guardado no arquivo codigo-configuracao-inicial.txt da
          pasta de dados.
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Código de configuração"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          withAsterisk={false}
          autoFocus
          value={values.codigo}
          onChange={set('codigo')}
        />
        <TextInput
          label="Nome"
          autoComplete="name"
          required
          withAsterisk={false}
          value={values.nome}
          onChange={set('nome')}
        />
        <TextInput
          label="Login"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          withAsterisk={false}
          value={values.login}
          onChange={set('login')}
        />
        <PasswordInput
          label="Senha"
          description="Ao menos 8 caracteres."
          autoComplete="new-password"
          required
          withAsterisk={false}
          value={values.senha}
          onChange={set('senha')}
        />
        <PasswordInput
          label="Confirmação da senha"
          autoComplete="new-password"
          required
          withAsterisk={false}
          value={values.confirmacao}
          onChange={set('confirmacao')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Voltar
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Criar administrador
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
