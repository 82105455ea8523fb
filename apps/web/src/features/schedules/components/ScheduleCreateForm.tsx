import { Button, Checkbox, Group, NativeSelect, Paper, Title } from '@mantine/core';
import { validateScheduleCreate, WEEKDAY_NAMES } from '@vigia/domain';
import { useState } from 'react';
import { useCreateSchedules } from '../api/create-schedules';
import { FormProblem, TimeFields } from './TimeFields';
import { type UserOption, userLabel } from './userOptions';

interface Props {
  sisId: number;
  admins: readonly UserOption[];
}

const EMPTY = { usuarioId: '', entrada: '', saida: '', dias: [] as string[] };

/** Spec 001 §2/§5: one escala per weekday chosen, for an administrator, entry before exit. */
export function ScheduleCreateForm({ sisId, admins }: Props) {
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateSchedules();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const diasSemana = form.dias.map(Number);
    const error = validateScheduleCreate({
      usuarioId: form.usuarioId,
      entrada: form.entrada,
      saida: form.saida,
      diasSemana,
    });
    setProblem(error);
    if (error) return;
    create.mutate(
      {
        sisid: sisId,
        escalas: diasSemana.map((dia_semana) => ({
          usuario_id: Number(form.usuarioId),
          dia_semana,
          entrada: form.entrada,
          saida: form.saida,
        })),
      },
      { onSuccess: () => setForm(EMPTY) },
    );
  };

  return (
    <Paper
      withBorder
      p="md"
      mb="lg"
      component="form"
      onSubmit={submit}
      aria-labelledby="nova-escala"
    >
      <Title order={2} size="h4" mb="sm" id="nova-escala">
        Nova escala
      </Title>
      <Group align="flex-end" gap="md" mb="sm">
        <NativeSelect
          label="Usuário"
          w={280}
          value={form.usuarioId}
          onChange={(event) => setForm({ ...form, usuarioId: event.currentTarget.value })}
          data={[
            { value: '', label: 'Selecione' },
            ...admins.map((user) => ({ value: String(user.id), label: userLabel(user) })),
          ]}
        />
        <TimeFields
          entrada={form.entrada}
          saida={form.saida}
          onChange={(change) => setForm({ ...form, ...change })}
        />
      </Group>
      <Checkbox.Group
        label="Dias da semana"
        value={form.dias}
        onChange={(dias) => setForm({ ...form, dias })}
        mb="sm"
      >
        <Group gap="md" mt={6}>
          {WEEKDAY_NAMES.map((name, dia) => (
            <Checkbox key={name} value={String(dia)} label={name} />
          ))}
        </Group>
      </Checkbox.Group>
      <FormProblem problem={problem} />
      <Button type="submit" loading={create.isPending}>
        Cadastrar
      </Button>
    </Paper>
  );
}
