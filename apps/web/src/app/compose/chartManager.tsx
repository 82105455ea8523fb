import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { generatorMode, generatorModeTone, REFRESH_MS } from '@vigia/domain';
import { useId } from 'react';
import { ChartManagerPage } from '../../features/charts/pages/ChartManagerPage';
import { showsCommandPanel } from '../../features/commands/commandTargets';
import { CommandPanel } from '../../features/commands/components/CommandPanel';
import { deviceReadingsQueryOptions } from '../../features/site/api/get-device-readings';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { StateBadge } from '../../ui/StateBadge';

const MODE_READING = 'modoWeb';

/**
 * Spec 001 §2 "edit pens (device mode, command selection and command
 * history)": beside the pens, the device's mode (when it reports one) and its
 * command panel (for the types that take commands; the panel itself shows
 * only to users with the command right).
 */
function DeviceControls({ deviceId }: { deviceId: number }) {
  const titleId = useId();
  const device = useQuery(deviceReadingsQueryOptions(deviceId, [MODE_READING], REFRESH_MS));
  if (device.isPending) return <DelayedLoader label="Carregando o dispositivo…" />;
  if (!device.data) return null;
  const mode = device.data.infos.find((info) => info.nome === MODE_READING);
  const commands = showsCommandPanel(device.data.tipo);
  if (!mode && !commands) return null;
  const modoWeb = mode?.valorAtual?.valor;
  return (
    <Stack
      component="section"
      aria-labelledby={titleId}
      gap="sm"
      mt="md"
      pt="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Title id={titleId} order={2} size="h5" c="gray.8">
        Dispositivo
      </Title>
      {mode && (
        <Group gap="xs">
          <Text size="sm" c="gray.8">
            Modo
          </Text>
          <StateBadge tone={generatorModeTone(modoWeb)} data-testid="device-mode">
            {generatorMode(modoWeb)}
          </StateBadge>
        </Group>
      )}
      {commands && <CommandPanel deviceId={deviceId} />}
    </Stack>
  );
}

const renderDeviceControls = (deviceId: number) => <DeviceControls deviceId={deviceId} />;

/** `main.site.gerenciador`: the chart manager with the device's mode and commands in 'Editar penas'. */
export function ChartManagerRoute() {
  return <ChartManagerPage renderDeviceControls={renderDeviceControls} />;
}
