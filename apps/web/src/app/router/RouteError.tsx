import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

export const ROUTE_ERROR_TEXTS = {
  newVersionTitle: 'O console foi atualizado',
  newVersion:
    'Esta tela é de uma versão anterior do console e não pôde ser aberta. Recarregue a página para usar a versão nova.',
  failedTitle: 'Não foi possível abrir esta tela',
  failed: 'Ocorreu um erro inesperado. Recarregue a página; se o erro continuar, avise o suporte.',
  reload: 'Recarregar página',
} as const;

/** A screen's code missing from the server: the browser has a page of an earlier build. */
export function isStaleBuildError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * What a route shows when its screen cannot load or throws, in place of
 * React Router's English default: what happened in pt-BR and a way out.
 */
export function RouteError({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const error = useRouteError();
  useEffect(() => {
    console.error('Falha ao abrir a tela', error);
  }, [error]);
  const stale = isStaleBuildError(error);
  return (
    <Center p="xl">
      <Alert
        color={stale ? 'gray' : 'red'}
        variant="light"
        role="alert"
        maw={560}
        title={stale ? ROUTE_ERROR_TEXTS.newVersionTitle : ROUTE_ERROR_TEXTS.failedTitle}
        icon={<IconAlertTriangle size={20} aria-hidden />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{stale ? ROUTE_ERROR_TEXTS.newVersion : ROUTE_ERROR_TEXTS.failed}</Text>
          <Button size="xs" variant="default" onClick={reload}>
            {ROUTE_ERROR_TEXTS.reload}
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}
