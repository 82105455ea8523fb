import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import type { OccurrenceRow } from '@vigia/contract';
import { alarmRowStyle, alarmState, formatDateTime, formatText } from '@vigia/domain';
import { useMemo, useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { RowIconButton } from '../../../ui/table/RowControls';
import type { ListColumn } from '../../../ui/table/types';
import { OccurrenceComments } from './OccurrenceComments';

interface Props {
  row: OccurrenceRow | null;
  onClose: () => void;
}

/** One occurrence: what, where, its times and state, and its comments. */
export function OccurrenceDetail({ row, onClose }: Props) {
  return (
    <Dialog opened={row !== null} onClose={onClose} title="Detalhes da ocorrência">
      {row && <DetailBody key={row.id} row={row} />}
    </Dialog>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function DetailBody({ row }: { row: OccurrenceRow }) {
  const style = alarmRowStyle(alarmState(row));
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600}>{row.nomeAlarme}</Text>
        <Text size="sm" c="gray.7">
          {[row.patrimonio, row.localNome, row.uf].map((v) => formatText(v)).join(' · ')}
        </Text>
        <Group gap={6}>
          <span
            aria-hidden
            style={{
              width: 12,
              height: 12,
              borderRadius: 2,
              background: style.color,
              border: '1px solid var(--mantine-color-gray-5)',
            }}
          />
          <Text size="sm">{style.label}</Text>
        </Group>
      </Stack>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <Field label="Ativação" value={formatDateTime(row.horaAtivacao)} />
        <Field label="Desativação" value={formatDateTime(row.horaDesativacao)} />
        <Field label="Reconhecimento" value={formatDateTime(row.horaAck)} />
        <Field label="Reconhecido por" value={formatText(row.ackUsuario?.nome)} />
      </SimpleGrid>
      <OccurrenceComments
        occurrence={{ id: row.id, sisId: row.idSistema, deviceId: row.idDispositivo }}
      />
    </Stack>
  );
}

/**
 * The lists' way into the detail: a 'Detalhes' column whose button opens the
 * occurrence's dialog (a row's Enter and click keep going to its site).
 */
export function useOccurrenceDetail() {
  const [row, setRow] = useState<OccurrenceRow | null>(null);
  const column = useMemo(
    (): ListColumn<OccurrenceRow> => ({
      key: 'detalhes',
      header: '',
      ariaLabel: 'Detalhes e comentários',
      width: 56,
      align: 'center',
      required: true,
      mobile: true,
      cell: (r) => (
        <RowIconButton
          aria-label={`Detalhes e comentários: ${r.nomeAlarme}`}
          onClick={() => setRow(r)}
        >
          <IconMessage size={18} aria-hidden />
        </RowIconButton>
      ),
      title: () => 'Detalhes e comentários',
    }),
    [],
  );
  const dialog = <OccurrenceDetail row={row} onClose={() => setRow(null)} />;
  return { column, dialog };
}
