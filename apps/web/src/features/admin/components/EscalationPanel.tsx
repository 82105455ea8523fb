import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { EscalationSettingsBody } from '@vigia/contract';
import { CRITICALITY_CHOICES, MESSAGES } from '@vigia/domain';
import { type FormEvent, useState } from 'react';
import { writeFailureText } from '../../../lib/httpErrors';
import { useEscalation, useSaveEscalation } from '../api/escalation';
import { ListState } from './ListState';

const CRITICALITY_OPTIONS = CRITICALITY_CHOICES.map((c) => ({
  value: String(c.value),
  label: c.label,
}));

/**
 * A system's escalation (issue 29): an alarm not acknowledged after N minutes
 * goes to the users on shift (escalas), after M more to the system's
 * administrators. The server checks the ranges and audits the change.
 */
export function EscalationPanel({ sisId }: { sisId: number }) {
  const query = useEscalation(sisId);
  return (
    <ListState query={query}>
      {(saved) => <EscalationForm key={sisId} sisId={sisId} saved={saved} />}
    </ListState>
  );
}

function EscalationForm({ sisId, saved }: { sisId: number; saved: EscalationSettingsBody }) {
  const [ativo, setAtivo] = useState(saved.ativo);
  const [critico, setCritico] = useState(String(saved.criticoMinimo));
  const [plantao, setPlantao] = useState(String(saved.minutosPlantao));
  const [admins, setAdmins] = useState(String(saved.minutosAdministradores));
  const save = useSaveEscalation(sisId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      ativo,
      criticoMinimo: Number(critico),
      minutosPlantao: Number(plantao),
      minutosAdministradores: Number(admins),
    });
  };
  return (
    <form aria-label="Escalonamento de alarmes" onSubmit={submit}>
      <Stack gap="sm" maw={560}>
        <Text size="sm" c="gray.8">
          Um alarme não reconhecido é enviado aos usuários de plantão agora (escalas) e, se
          continuar sem reconhecimento, aos administradores do sistema. Reconhecer, suprimir ou
          normalizar o alarme interrompe o escalonamento.
        </Text>
        <Checkbox
          label="Escalonar alarmes não reconhecidos"
          checked={ativo}
          onChange={(e) => setAtivo(e.currentTarget.checked)}
        />
        <Select
          label="Alarmes escalonados"
          data={CRITICALITY_OPTIONS}
          value={CRITICALITY_OPTIONS.some((o) => o.value === critico) ? critico : null}
          placeholder={`Criticidade ${critico} ou mais`}
          onChange={(value) => value !== null && setCritico(value)}
          allowDeselect={false}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Minutos até os usuários de plantão"
            inputMode="numeric"
            value={plantao}
            onChange={(e) => setPlantao(e.currentTarget.value)}
          />
          <TextInput
            label="Mais minutos até os administradores"
            inputMode="numeric"
            value={admins}
            onChange={(e) => setAdmins(e.currentTarget.value)}
          />
        </Group>
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
