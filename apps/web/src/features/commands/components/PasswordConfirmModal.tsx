import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@vigia/domain';
import { useState } from 'react';
import { isHttpError } from '../../../lib/httpErrors';
import { Dialog } from '../../../ui/Dialog';
import { useConfirmPassword } from '../api/confirm-password';
import { rememberConfirmation } from '../confirmation';

interface Props {
  opened: boolean;
  onCancel: () => void;
  /** The password was confirmed: commands are allowed for 300000 ms. */
  onConfirmed: () => void;
}

/** Spec 001 §4/§6: the login confirmation before a command, valid for 5 minutes. */
export function PasswordConfirmModal({ opened, onCancel, onConfirmed }: Props) {
  const [senha, setSenha] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const mutation = useConfirmPassword();

  function reset() {
    setSenha('');
    setSubmitted(false);
    mutation.reset();
  }

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!senha) return;
    mutation.mutate(senha, {
      onSuccess: (answer) => {
        rememberConfirmation(answer.validaAte);
        reset();
        onConfirmed();
      },
    });
  }

  const serverError = mutation.isError
    ? isHttpError(mutation.error)
      ? mutation.error.message
      : MESSAGES.networkError
    : null;

  return (
    <Dialog
      opened={opened}
      onClose={() => {
        reset();
        onCancel();
      }}
      title={MESSAGES.commandConfirmPassword}
    >
      <form onSubmit={handleSubmit} noValidate data-testid="command-password-form">
        <Stack gap="sm">
          <Text size="sm">{MESSAGES.commandLoginRequired}</Text>
          {serverError && (
            <Alert color="red" variant="light" role="alert">
              {serverError}
            </Alert>
          )}
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            required
            withAsterisk={false}
            data-autofocus
            value={senha}
            onChange={(event) => setSenha(event.currentTarget.value)}
            error={submitted && !senha ? 'Informe a senha.' : undefined}
          />
          <Group justify="flex-end" mt="sm">
            <Button
              variant="default"
              onClick={() => {
                reset();
                onCancel();
              }}
            >
              {MESSAGES.commandSafetyCancel}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Confirmar
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
