import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useReportSettled } from './panelSettled';

interface Props {
  title: string;
  message: string;
  /** Shown as a retry button when given. */
  onRetry?: () => void;
}

/** What a panel shows instead of going blank: an unknown panel, a bad configuration, a failure. */
export function ErrorPanel({ title, message, onRetry }: Props) {
  useReportSettled(true);
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title}
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-testid="panel-error"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="default" onClick={onRetry}>
            Tentar novamente
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
