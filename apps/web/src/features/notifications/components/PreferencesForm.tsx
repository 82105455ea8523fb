import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { NotificationPreferencesAnswer } from '@vigia/contract';
import {
  CRITICALITY_CHOICES,
  deviceTypePlural,
  MESSAGES,
  NOTIFICATION_LIMITS,
  normalizeDeviceType,
} from '@vigia/domain';
import { type FormEvent, useState } from 'react';
import { writeFailureText } from '../../../lib/httpErrors';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { useDeviceTypes, useSavePreferences } from '../api/notifications';

const CRITICALITY_OPTIONS = CRITICALITY_CHOICES.map((c) => ({
  value: String(c.value),
  label: c.label,
}));

/**
 * The device types to choose from: those of the caller's systems and those
 * already chosen, by their names on screen (never the internal `tipo`).
 */
export function deviceTypeOptions(
  present: readonly string[],
  chosen: readonly string[] | null,
): { value: string; label: string }[] {
  const types = new Set([...present, ...(chosen ?? [])].map(normalizeDeviceType));
  return [...types]
    .map((tipo) => ({ value: tipo, label: deviceTypePlural(tipo) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
}

/** The caller's preferences as a form. */
export function PreferencesForm({ saved }: { saved: NotificationPreferencesAnswer }) {
  const { webhookSegredo, ...initial } = saved;
  const [prefs, setPrefs] = useState(initial);
  const [quiet, setQuiet] = useState(initial.silencio !== null);
  const [quietHours, setQuietHours] = useState(
    initial.silencio ?? { inicio: '22:00', fim: '06:00' },
  );
  const [limitText, setLimitText] = useState(String(initial.maxPorJanela));
  const save = useSavePreferences();
  const systems = useUserInfo().data?.sistemas ?? [];
  const present = useDeviceTypes().data ?? [];
  const set = <K extends keyof typeof prefs>(key: K, value: (typeof prefs)[K]) =>
    setPrefs((p) => ({ ...p, [key]: value }));
  const criticality = CRITICALITY_OPTIONS.some((o) => o.value === String(prefs.criticoMinimo))
    ? String(prefs.criticoMinimo)
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      ...prefs,
      enderecoEmail: prefs.enderecoEmail?.trim() || null,
      webhookUrl: prefs.webhookUrl?.trim() || null,
      silencio: quiet ? quietHours : null,
      maxPorJanela: Number(limitText),
    });
  };

  return (
    <form aria-label="Preferências de notificação" onSubmit={submit} noValidate>
      <Stack gap="sm" maw={560}>
        <Checkbox
          label="Notificação do navegador (com o console aberto)"
          checked={prefs.navegador}
          onChange={(e) => set('navegador', e.currentTarget.checked)}
        />
        <Checkbox
          label="E-mail"
          checked={prefs.email}
          onChange={(e) => set('email', e.currentTarget.checked)}
        />
        <TextInput
          label="Endereço de e-mail"
          type="email"
          autoComplete="email"
          value={prefs.enderecoEmail ?? ''}
          onChange={(e) => set('enderecoEmail', e.currentTarget.value)}
          maxLength={NOTIFICATION_LIMITS.emailMaxLength}
        />
        <Checkbox
          label="Webhook (POST JSON assinado)"
          checked={prefs.webhook}
          onChange={(e) => set('webhook', e.currentTarget.checked)}
        />
        <TextInput
          label="URL do webhook"
          type="url"
          placeholder="https://"
          value={prefs.webhookUrl ?? ''}
          onChange={(e) => set('webhookUrl', e.currentTarget.value)}
          maxLength={NOTIFICATION_LIMITS.urlMaxLength}
        />
        {webhookSegredo && (
          <Text size="sm" c="gray.8">
            Chave da assinatura (cabeçalho X-Vigia-Assinatura, HMAC-SHA256):{' '}
            <Code style={{ wordBreak: 'break-all' }}>{webhookSegredo}</Code>
          </Text>
        )}
        <MultiSelect
          label="Sistemas"
          description="Nenhum escolhido: todos os seus sistemas."
          searchable
          nothingFoundMessage="Nenhum sistema encontrado."
          data={systems.map((s) => ({ value: String(s.id), label: s.nome }))}
          value={(prefs.sistemas ?? []).map(String)}
          onChange={(ids) => set('sistemas', ids.length === 0 ? null : ids.map(Number))}
        />
        <MultiSelect
          label="Tipos de dispositivo"
          description="Nenhum escolhido: todos os tipos."
          searchable
          nothingFoundMessage="Nenhum tipo encontrado."
          data={deviceTypeOptions(
            present.map((t) => t.tipo),
            prefs.tiposDispositivo,
          )}
          value={prefs.tiposDispositivo ?? []}
          onChange={(types) => set('tiposDispositivo', types.length === 0 ? null : types)}
        />
        <Select
          label="Alarmes notificados"
          data={CRITICALITY_OPTIONS}
          value={criticality}
          placeholder={`Criticidade ${prefs.criticoMinimo} ou mais`}
          onChange={(value) => value !== null && set('criticoMinimo', Number(value))}
          allowDeselect={false}
        />
        <Checkbox
          label="Horário de silêncio (alarmes críticos são enviados mesmo assim)"
          checked={quiet}
          onChange={(e) => setQuiet(e.currentTarget.checked)}
        />
        {quiet && (
          <Group grow>
            <TextInput
              label="Início do silêncio"
              type="time"
              value={quietHours.inicio}
              onChange={(e) => setQuietHours((q) => ({ ...q, inicio: e.currentTarget.value }))}
            />
            <TextInput
              label="Fim do silêncio"
              type="time"
              value={quietHours.fim}
              onChange={(e) => setQuietHours((q) => ({ ...q, fim: e.currentTarget.value }))}
            />
          </Group>
        )}
        <Checkbox
          label="Somente quando eu estiver de plantão (escalas)"
          checked={prefs.somenteEmPlantao}
          onChange={(e) => set('somenteEmPlantao', e.currentTarget.checked)}
        />
        <TextInput
          label="Máximo de mensagens a cada 10 minutos"
          description="Acima disso, um resumo com as contagens."
          inputMode="numeric"
          value={limitText}
          onChange={(e) => setLimitText(e.currentTarget.value)}
          maw={260}
        />
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {writeFailureText(save.error, MESSAGES.networkError)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
