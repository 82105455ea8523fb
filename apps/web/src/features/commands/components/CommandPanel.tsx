import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import {
  COMMAND_POLL_MS,
  commandSendDisabled,
  formatText,
  hasCommandRight,
  MESSAGES,
  siteWithUf,
} from '@vigia/domain';
import { useEffect, useId, useState } from 'react';
import { isHttpError } from '../../../lib/httpErrors';
import { useSiteDevice } from '../../../lib/site/get-site-device';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { AskDialog } from '../../../ui/AskDialog';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useCommandHistory } from '../api/get-command-history';
import { useCommandTypes } from '../api/get-command-types';
import { useSendCommand } from '../api/send-command';
import { confirmationValid, forgetConfirmation } from '../confirmation';
import { CommandHistoryTable } from './CommandHistoryTable';
import { PasswordConfirmModal } from './PasswordConfirmModal';
import { SafetyWarningDialog } from './SafetyWarningDialog';

interface Props {
  deviceId: number;
}

/** A fresh key per intended send: the same send retried is sent once. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Spec 001 §4–§8: the command panel of generator, TFR and plant panels, only
 * for users with right 1. Choose a command, accept the safety warning and the
 * confirmation, confirm the password when the last confirmation is older than
 * 5 minutes; then the send button waits for the device (status 2 or 3 of the
 * sent command, or 15 checks at 1 s) while the history follows it.
 */
export function CommandPanel({ deviceId }: Props) {
  const user = useUserInfo();
  if (!user.data || !hasCommandRight(user.data.direitos_id)) return null;
  return <CommandPanelContent deviceId={deviceId} />;
}

function CommandPanelContent({ deviceId }: Props) {
  const titleId = useId();
  const types = useCommandTypes(deviceId);
  const history = useCommandHistory(deviceId);
  const send = useSendCommand();
  const device = useSiteDevice(deviceId);
  const [selected, setSelected] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<'safety' | 'confirm' | 'password' | null>(null);
  const [wait, setWait] = useState<{ sentId: number; checks: number } | null>(null);

  const newest = history.data?.[0] ?? null;
  const waiting = commandSendDisabled({
    sentId: wait?.sentId,
    newest,
    checks: wait?.checks ?? 0,
  });
  const { refetch } = history;

  // Spec 001 §4: a check every second, at most 15; live events refresh the history sooner.
  useEffect(() => {
    if (!wait || !waiting) return;
    const timer = setTimeout(() => {
      void refetch();
      setWait((w) => w && { ...w, checks: w.checks + 1 });
    }, COMMAND_POLL_MS);
    return () => clearTimeout(timer);
  }, [wait, waiting, refetch]);

  const comandoId = Number(selected);
  const chosen = types.data?.find((t) => t.id === comandoId);

  function dispatch() {
    if (!chosen) return;
    send.mutate(
      { deviceId, comandoId: chosen.id, chave: newKey() },
      {
        onSuccess: (answer) => {
          notifySuccess(MESSAGES.commandSent);
          setWait({ sentId: answer.id, checks: 0 });
        },
        onError: (error) => {
          if (isHttpError(error, 403) && error.message === MESSAGES.commandLoginRequired) {
            forgetConfirmation();
          }
          notifyError(MESSAGES.commandFailed);
        },
      },
    );
  }

  function handleSend() {
    setProblem(null);
    if (!chosen) {
      setProblem(MESSAGES.noCommandSelected);
      return;
    }
    setStep('safety');
  }

  /** After 'Deseja realizar o comando?': the password when the last confirmation is too old. */
  function handleConfirmed() {
    if (confirmationValid()) {
      setStep(null);
      dispatch();
    } else {
      setStep('password');
    }
  }

  return (
    <section aria-labelledby={titleId} data-testid="command-panel">
      <Title id={titleId} order={2} size="h5" mb="xs" c="gray.8">
        Comandos
      </Title>
      <Stack gap="sm">
        {types.isError && !types.data && (
          <Alert color="red" variant="light" role="alert">
            Não foi possível carregar os comandos deste dispositivo.
          </Alert>
        )}
        {types.isPending && <DelayedLoader label="Carregando comandos…" />}
        {types.data && types.data.length === 0 && <EmptyMessage item="comando" />}
        {types.data && types.data.length > 0 && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label="Comando"
              value={selected}
              onChange={(event) => {
                setSelected(event.currentTarget.value);
                setProblem(null);
              }}
              data={[
                { value: '', label: 'Selecione um comando' },
                ...types.data.map((t) => ({ value: String(t.id), label: t.nome })),
              ]}
              w={280}
              data-testid="command-select"
            />
            <Button
              onClick={handleSend}
              disabled={waiting || step !== null || send.isPending}
              loading={send.isPending}
              data-testid="command-send"
            >
              Enviar comando
            </Button>
          </Group>
        )}
        {problem && (
          <Text size="sm" c="red.9" role="alert" data-testid="command-problem">
            {problem}
          </Text>
        )}
        {waiting && (
          <Text size="sm" c="gray.7" role="status" data-testid="command-waiting">
            {MESSAGES.commandBusy}
          </Text>
        )}
        <CommandHistoryTable
          items={history.data}
          isPending={history.isPending}
          isError={history.isError}
        />
      </Stack>
      <SafetyWarningDialog
        opened={step === 'safety'}
        comando={chosen?.nome ?? ''}
        dispositivo={
          device.data
            ? `${formatText(device.data.nome)} (${formatText(device.data.patrimonio)})`
            : `Dispositivo ${deviceId}`
        }
        site={formatText(device.data && siteWithUf(device.data.localNome, device.data.uf))}
        onSend={() => setStep('confirm')}
        onCancel={() => setStep(null)}
      />
      <AskDialog
        opened={step === 'confirm'}
        onConfirm={handleConfirmed}
        onCancel={() => setStep(null)}
        testId="command-confirm-dialog"
      >
        <Text size="sm">{MESSAGES.commandConfirm}</Text>
      </AskDialog>
      <PasswordConfirmModal
        opened={step === 'password'}
        onCancel={() => setStep(null)}
        onConfirmed={() => {
          setStep(null);
          dispatch();
        }}
      />
    </section>
  );
}
