import { Button, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { ShelvedRow } from '@vigia/contract';
import {
  alarmRowStyle,
  alarmState,
  formatDateTime,
  formatText,
  hasCommandRight,
  SHELVING_MESSAGES,
} from '@vigia/domain';
import { useMemo } from 'react';
import type { LiveScope } from '../../../lib/live/liveInterest';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { ConfirmTargets } from '../../../ui/ConfirmTargets';
import { confirm } from '../../../ui/confirm';
import { ListTable } from '../../../ui/table/ListTable';
import type { ListColumn } from '../../../ui/table/types';
import { useShelvedList, useUnshelveOccurrences } from '../api/alarm-states';
import type { OccurrenceScope } from '../api/get-occurrence-page';
import { alarmTarget } from './alarmTarget';

interface Props {
  tableId: string;
  scope: OccurrenceScope;
  liveScope: LiveScope;
}

const LOAD_ERROR = 'Não foi possível carregar os alarmes suprimidos.';

/**
 * The shelved alarms of a scope (ISA-18.2): until when, why and by whom;
 * 'Retornar' (command right) puts one back in the active lists before its time.
 */
export function ShelvedList({ tableId, scope, liveScope }: Props) {
  const list = useShelvedList(scope, liveScope);
  const user = useUserInfo();
  const canUnshelve = !!user.data && hasCommandRight(user.data.direitos_id);
  const unshelve = useUnshelveOccurrences();

  const columns = useMemo(() => {
    const cols: ListColumn<ShelvedRow>[] = [
      {
        key: 'estado',
        header: 'Estado',
        cell: (row) => alarmRowStyle(alarmState(row)).label,
        width: 240,
      },
      { key: 'nomeAlarme', header: 'Alarme', cell: (row) => row.nomeAlarme, width: 240 },
      {
        key: 'patrimonio',
        header: 'Equipamento',
        cell: (row) => formatText(row.patrimonio),
        category: 'equipment',
        width: 140,
      },
      {
        key: 'localNome',
        header: 'Site',
        cell: (row) => formatText(row.localNome),
        category: 'site',
        width: 200,
      },
      {
        key: 'ate',
        header: SHELVING_MESSAGES.until,
        cell: (row) => formatDateTime(row.prateleira.ate),
        kind: 'date',
        mobile: true,
      },
      {
        key: 'motivo',
        header: SHELVING_MESSAGES.reason,
        cell: (row) => row.prateleira.motivo,
        width: 260,
      },
      {
        key: 'usuario',
        header: SHELVING_MESSAGES.by,
        cell: (row) => row.prateleira.usuario?.nome ?? '---',
        width: 180,
      },
      {
        key: 'horaAtivacao',
        header: 'Data Ativação',
        cell: (row) => formatDateTime(row.horaAtivacao),
        kind: 'date',
      },
    ];
    if (canUnshelve) {
      cols.push({
        key: 'acao',
        header: '',
        ariaLabel: 'Ação',
        required: true,
        mobile: true,
        width: 130,
        cell: (row) => (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            aria-label={`${SHELVING_MESSAGES.unshelve} ${row.nomeAlarme} de ${row.patrimonio || row.idDispositivo}`}
            onClick={async (event) => {
              event.stopPropagation();
              const message = (
                <Stack gap="xs">
                  <Text size="sm">{SHELVING_MESSAGES.unshelveConfirm}</Text>
                  <ConfirmTargets label="Alarme a retornar" targets={[alarmTarget(row)]} />
                </Stack>
              );
              if (!(await confirm({ message }))) return;
              unshelve.mutate([row.id]);
            }}
          >
            {SHELVING_MESSAGES.unshelve}
          </Button>
        ),
      });
    }
    return cols;
  }, [canUnshelve, unshelve]);

  return (
    <ListTable<ShelvedRow>
      id={tableId}
      label={SHELVING_MESSAGES.shelved}
      item="alarme suprimido"
      columns={columns}
      rows={list.data ?? []}
      getRowId={(row) => row.id}
      loading={list.isPending}
      error={list.error ? LOAD_ERROR : null}
      rowColor={(row) => alarmRowStyle(alarmState(row)).color}
    />
  );
}
