import { Button, Group, NativeSelect, Paper, Title } from '@mantine/core';
import type { Schedule } from '@vigia/contract';
import { validateScheduleEdit, WEEKDAY_NAMES } from '@vigia/domain';
import { useState } from 'react';
import { useEditSchedule } from '../api/edit-schedule';
import { FormProblem, TimeFields } from './TimeFields';
import { type UserOption, userLabel } from './userOptions';

interface Props {
  escala: Schedule;
  users: readonly UserOption[];
  onClose: () => void;
}

/** Spec 001 §5 schedule edit: name, login, entry and exit required; entry before exit. */
export function ScheduleEditForm({ escala, users, onClose }: Props) {
  const [form, setForm] = useState({
    usuarioId: String(escala.usuario_id),
    dia: String(escala.dia_semana),
    entrada: escala.entrada,
    saida: escala.saida,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useEditSchedule();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const user = users.find((u) => String(u.id) === form.usuarioId);
    const error = validateScheduleEdit({
      usuarioNome: user?.nome,
      usuarioLogin: user?.login,
      entrada: form.entrada,
      saida: form.saida,
    });
    setProblem(error);
    if (error || !user) return;
    edit.mutate(
      {
        id: escala.id,
        escala: {
          usuario_id: user.id,
          dia_semana: Number(form.dia),
          entrada: form.entrada,
          saida: form.saida,
        },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Paper
      withBorder
      p="md"
      mb="lg"
      component="form"
      onSubmit={submit}
      aria-labelledby="editar-escala"
    >
      <Title order={2} size="h4" mb="sm" id="editar-escala">
        Editar escala de {escala.usuarioNome}
      </Title>
      <Group align="flex-end" gap="md" mb="sm">
        <NativeSelect
          label="Usuário"
          w={280}
          value={form.usuarioId}
          onChange={(event) => setForm({ ...form, usuarioId: event.currentTarget.value })}
          data={users.map((user) => ({ value: String(user.id), label: userLabel(user) }))}
        />
        <NativeSelect
          label="Dia da semana"
          w={170}
          value={form.dia}
          onChange={(event) => setForm({ ...form, dia: event.currentTarget.value })}
          data={WEEKDAY_NAMES.map((name, dia) => ({ value: String(dia), label: name }))}
        />
        <TimeFields
          entrada={form.entrada}
          saida={form.saida}
          onChange={(change) => setForm({ ...form, ...change })}
        />
      </Group>
      <FormProblem problem={problem} />
      <Group gap="sm">
        <Button type="submit" loading={edit.isPending}>
          Salvar alteração
        </Button>
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
      </Group>
    </Paper>
  );
}
