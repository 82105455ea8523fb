import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { formatDateTime, hasCommandRight, SHELVING_MESSAGES } from '@vigia/domain';
import { useId, useState } from 'react';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { confirm } from '../../../ui/confirm';
import { Dialog } from '../../../ui/Dialog';
import { useDeviceService, useSetDeviceService } from '../api/alarm-states';
import { ReasonForm } from './ReasonForm';

interface Props {
  deviceId: number;
}

/**
 * ISA-18.2 out of service on a device's page: whether its alarms are
 * suppressed, since when, why and by whom; with the command right, take it
 * out of service (a reason is required) or put it back.
 */
export function DeviceServiceControl({ deviceId }: Props) {
  const service = useDeviceService(deviceId);
  const user = useUserInfo();
  const canChange = !!user.data && hasCommandRight(user.data.direitos_id);
  const change = useSetDeviceService(deviceId);
  const [asking, setAsking] = useState(false);
  const titleId = useId();

  if (service.isPending || service.isError) return null;
  const s = service.data;
  const out = s.foraDeServico;

  return (
    <Paper withBorder p="sm" mb="sm" radius="sm" aria-labelledby={titleId} component="section">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text id={titleId} fw={600} size="sm">
              Serviço
            </Text>
            <Badge color={out ? 'orange' : 'gray'} variant={out ? 'filled' : 'light'}>
              {out ? SHELVING_MESSAGES.outOfService : SHELVING_MESSAGES.inService}
            </Badge>
          </Group>
          {out ? (
            <Text size="sm" c="gray.8">
              Desde {s.desde !== null ? formatDateTime(s.desde) : '---'}
              {s.usuario ? `, por ${s.usuario.nome}` : ''}. {SHELVING_MESSAGES.reason}: {s.motivo}
            </Text>
          ) : (
            <Text size="sm" c="gray.7">
              Os alarmes deste dispositivo aparecem nas listas de ativos.
            </Text>
          )}
        </Stack>
        {canChange &&
          (out ? (
            <Button
              variant="default"
              leftSection={<IconPlugConnected size={16} aria-hidden />}
              loading={change.isPending}
              onClick={async () => {
                if (!(await confirm({ message: SHELVING_MESSAGES.putBackConfirm }))) return;
                change.mutate({ foraDeServico: false });
              }}
            >
              {SHELVING_MESSAGES.putBackInService}
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconPlugConnectedX size={16} aria-hidden />}
              onClick={() => setAsking(true)}
            >
              {SHELVING_MESSAGES.takeOutOfService}
            </Button>
          ))}
      </Group>
      <Dialog
        opened={asking}
        onClose={() => setAsking(false)}
        title={SHELVING_MESSAGES.outOfServiceTitle}
      >
        {asking && (
          <ReasonForm
            hint={SHELVING_MESSAGES.outOfServiceHint}
            submitLabel={SHELVING_MESSAGES.takeOutOfService}
            submitColor="orange"
            pending={change.isPending}
            onCancel={() => setAsking(false)}
            onSubmit={(motivo) =>
              change.mutate({ foraDeServico: true, motivo }, { onSuccess: () => setAsking(false) })
            }
          />
        )}
      </Dialog>
    </Paper>
  );
}
