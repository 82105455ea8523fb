import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from '../../../ui/Dialog';

interface Props {
  title: string;
  /** What the secret is ('Senha temporária', 'Chave do dispositivo'). */
  label: string;
  secret: string;
  /** The server's message (shown once, never again …). */
  message: string;
  onClose: () => void;
  children?: ReactNode;
}

/** A secret the server shows once (a temporary password, a device key), with a copy button. */
export function SecretNotice({ title, label, secret, message, onClose, children }: Props) {
  return (
    <Dialog opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <Alert color="yellow" variant="light" role="status">
          {message}
        </Alert>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code data-testid="segredo" fz="md" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="default" onClick={copy}>
                {copied ? 'Copiado' : 'Copiar'}
              </Button>
            )}
          </CopyButton>
        </Group>
        {children}
        <Group justify="flex-end">
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
