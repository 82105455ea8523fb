import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Pagination.css';
import { Button, Group, Pagination, Text, Title } from '@mantine/core';
import type { Schedule } from '@vigia/contract';
import {
  MAX_PAGE_SIZE,
  MESSAGES,
  PAGE_SIZE,
  validateScheduleRemoval,
  weekdayName,
} from '@vigia/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { confirm } from '../../../ui/confirm';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { notifyError } from '../../../ui/notify';
import { useScheduleAdmins } from '../api/get-schedule-admins';
import { useRemoveSchedule } from '../api/remove-schedule';
import { type ScheduleFilters, useSchedules } from '../api/search-schedules';
import { ScheduleCreateForm } from '../components/ScheduleCreateForm';
import { ScheduleEditForm } from '../components/ScheduleEditForm';
import { ScheduleSearch } from '../components/ScheduleSearch';
import { ScheduleTable } from '../components/ScheduleTable';
import { userOptions } from '../components/userOptions';

const ALL = { offSet: 0, limit: MAX_PAGE_SIZE };

/**
 * Spec 001 §2 "Schedule screens": the system's escalas, 50 a page (§9), with
 * their searches; administrators create (a list, one per weekday), edit and remove.
 */
export function SchedulesPage() {
  const sisId = Number(useParams().sisId) || 0;
  const canWrite = useUserInfo().data?.administrador === true;
  const [filters, setFilters] = useState<ScheduleFilters>({});
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<'hidden' | 'create' | Schedule>('hidden');
  const list = useSchedules(sisId, filters, {
    offSet: (page - 1) * PAGE_SIZE.schedule,
    limit: PAGE_SIZE.schedule,
  });
  // Everyone on a schedule, for the user search and the edit form.
  const everyone = useSchedules(sisId, {}, ALL).data?.escalas;
  const admins = useScheduleAdmins(sisId).data ?? [];
  const users = userOptions(admins, everyone);
  const remove = useRemoveSchedule();
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE.schedule));

  const askRemove = async (escala: Schedule) => {
    const problem = validateScheduleRemoval(escala);
    if (problem) {
      notifyError(problem);
      return;
    }
    const message = MESSAGES.scheduleRemoveConfirm
      .replace('{usuario}', escala.usuarioNome)
      .replace('{dia}', weekdayName(escala.dia_semana))
      .replace('{entrada}', escala.entrada)
      .replace('{saida}', escala.saida);
    if (await confirm({ message, danger: true })) remove.mutate(escala.id);
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={1} size="h2" mb={4}>
            Escalas
          </Title>
          <Text c="gray.7" size="sm">
            Quem está de plantão em cada dia da semana, com horário de entrada e saída.
          </Text>
        </div>
        {canWrite && (
          <Button
            variant={form === 'create' ? 'default' : 'filled'}
            onClick={() => setForm(form === 'create' ? 'hidden' : 'create')}
          >
            {form === 'create' ? 'Fechar formulário' : 'Nova escala'}
          </Button>
        )}
      </Group>

      {canWrite && form === 'create' && <ScheduleCreateForm sisId={sisId} admins={admins} />}
      {canWrite && typeof form === 'object' && (
        <ScheduleEditForm
          key={form.id}
          escala={form}
          users={users}
          onClose={() => setForm('hidden')}
        />
      )}

      <ScheduleSearch
        users={users}
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <DelayedLoader />
      ) : (
        <ScheduleTable
          escalas={list.data?.escalas ?? []}
          canWrite={canWrite}
          onEdit={setForm}
          onRemove={askRemove}
        />
      )}
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="gray.7">
          {total} {total === 1 ? 'escala' : 'escalas'}
        </Text>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      </Group>
    </>
  );
}
