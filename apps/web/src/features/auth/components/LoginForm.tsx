import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { loginErrorMessage, useLogin } from '../api/login';

interface Props {
  onLoggedIn: () => void;
}

export function LoginForm({ onLoggedIn }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) return;
    login.mutate({ username, password }, { onSuccess: onLoggedIn });
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Entrar">
      <Stack gap="md">
        {login.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {loginErrorMessage(login.error)}
          </Alert>
        )}
        <TextInput
          label="Usuário"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          withAsterisk={false}
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label="Senha"
          name="password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={login.isPending}>
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
