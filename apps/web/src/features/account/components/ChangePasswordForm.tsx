import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { MESSAGES, passwordConfirmationValid, validateNewPassword } from '@vigia/domain';
import { useState } from 'react';
import { isHttpError } from '../../../lib/httpErrors';
import { notifySuccess } from '../../../ui/notify';
import { useChangePassword } from '../api/change-password';

interface Props {
  /** After the password was changed (the success toast is shown). */
  onDone: () => void;
  /** Without it there is no way out but changing it (a temporary password). */
  onCancel?: () => void;
}

const EMPTY = { senhaAtual: '', novaSenha: '', confirmacao: '' };

/** Password change (spec 000 §5 confirmation rule, 001 §8 success text). */
export function ChangePasswordForm({ onDone, onCancel }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const mutation = useChangePassword();

  const confirmationValid = passwordConfirmationValid(values.confirmacao, values.novaSenha);
  const problem = validateNewPassword(values.novaSenha, values.confirmacao);

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!values.senhaAtual || problem) return;
    mutation.mutate(values, {
      onSuccess: (answer) => {
        notifySuccess(answer?.mensagem ?? MESSAGES.passwordChanged);
        onDone();
      },
    });
  }

  const set = (field: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: the event is gone by the time the state updater runs.
    const { value } = event.currentTarget;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const serverError = mutation.isError
    ? isHttpError(mutation.error)
      ? mutation.error.message
      : MESSAGES.networkError
    : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {serverError && (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        )}
        <PasswordInput
          label="Senha atual"
          autoComplete="current-password"
          required
          withAsterisk={false}
          value={values.senhaAtual}
          onChange={set('senhaAtual')}
          error={submitted && !values.senhaAtual ? 'Informe a senha atual.' : undefined}
        />
        <PasswordInput
          label="Nova senha"
          autoComplete="new-password"
          required
          withAsterisk={false}
          value={values.novaSenha}
          onChange={set('novaSenha')}
          error={submitted && problem === MESSAGES.passwordTooShort ? problem : undefined}
        />
        <PasswordInput
          label="Confirmação da nova senha"
          autoComplete="new-password"
          required
          withAsterisk={false}
          value={values.confirmacao}
          onChange={set('confirmacao')}
          aria-invalid={!confirmationValid}
          error={submitted && !confirmationValid ? MESSAGES.passwordMismatch : undefined}
        />
        <Group justify="flex-end" mt="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
          )}
          <Button type="submit" loading={mutation.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
