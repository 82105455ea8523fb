import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { userInfoQueryOptions } from '../../../lib/user/get-user-info';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * Signed in with a temporary password an administrator gave: the server
 * serves nothing else until it is changed, so the console shows only this.
 */
export function ForcedPasswordChange() {
  const client = useQueryClient();
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="xs" p="xl" radius="md" maw={420} w="100%">
        <Stack gap="sm">
          <Title order={1} size="h4">
            Troque sua senha
          </Title>
          <Text size="sm" c="gray.8">
            Você entrou com uma senha temporária. Escolha uma senha sua para continuar; a temporária
            deixa de valer.
          </Text>
          <ChangePasswordForm
            onDone={() =>
              void client.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey })
            }
          />
        </Stack>
      </Paper>
    </Center>
  );
}
