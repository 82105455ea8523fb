import { Button, Group, Stack, Text } from '@mantine/core';
import type { DeviceImportResult } from '@vigia/contract';
import { DEVICE_IMPORT_LABELS, DEVICE_IMPORT_REQUIRED } from '@vigia/domain';
import { useId, useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { notifySuccess } from '../../../ui/notify';
import { StateBadge } from '../../../ui/StateBadge';
import { adminWrites, useAdminWrite } from '../api/admin';
import { AdminTable } from './AdminTable';
import { FormFailure } from './FormFailure';

const OPTIONAL = (Object.keys(DEVICE_IMPORT_LABELS) as (keyof typeof DEVICE_IMPORT_LABELS)[])
  .filter((f) => !DEVICE_IMPORT_REQUIRED.includes(f))
  .map((f) => DEVICE_IMPORT_LABELS[f]);

/**
 * Devices from a CSV or XLSX file: the file is simulated first (each row, what
 * would be created and what is wrong), and imported only when every row is right.
 */
export function DeviceImportDialog({ sisId, onClose }: { sisId: number; onClose: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<DeviceImportResult | null>(null);
  const simulate = useAdminWrite(adminWrites.importDevices);
  const importAll = useAdminWrite(adminWrites.importDevices);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    importAll.reset();
    if (chosen) {
      simulate.mutate({ sisId, simular: true, file: chosen }, { onSuccess: setPreview });
    }
  };

  return (
    <Dialog opened onClose={onClose} title="Importar dispositivos" size="xl">
      <Stack gap="sm">
        <Text size="sm">
          A primeira linha nomeia as colunas:{' '}
          {DEVICE_IMPORT_REQUIRED.map((f) => DEVICE_IMPORT_LABELS[f]).join(', ')} (obrigatórias) e,
          se houver, {OPTIONAL.join(', ')}. Modelo pelo nome ou número; locais pelo nome. CSV
          separado por vírgula ou ponto e vírgula, ou XLSX.
        </Text>
        <div>
          <Text component="label" htmlFor={inputId} size="sm" fw={500} display="block" mb={4}>
            Arquivo CSV ou XLSX
          </Text>
          <input
            id={inputId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          />
        </div>
        <FormFailure error={simulate.error ?? importAll.error} />
        {simulate.isPending && (
          <Text size="sm" role="status">
            Conferindo o arquivo…
          </Text>
        )}
        {preview && (
          <>
            <Text size="sm" role="status">
              {preview.comErro === 0
                ? `${preview.validas} dispositivo(s) prontos para criar.`
                : `${preview.comErro} linha(s) com erro e ${preview.validas} pronta(s): corrija o arquivo e escolha-o de novo. Nada é gravado enquanto houver erro.`}
            </Text>
            <AdminTable
              label="Prévia da importação"
              item="linha"
              rows={preview.linhas.map((l) => ({ ...l, id: l.linha }))}
              minWidth={760}
              columns={[
                { header: 'Linha', cell: (l) => l.linha },
                { header: 'Nome', cell: (l) => l.nome || '—' },
                { header: 'Patrimônio', cell: (l) => l.patrimonio || '—' },
                { header: 'Modelo', cell: (l) => l.modelo || '—' },
                { header: 'Local', cell: (l) => l.local },
                {
                  header: 'Situação',
                  cell: (l) =>
                    l.erros.length === 0 ? (
                      <StateBadge tone="neutral">Pronto</StateBadge>
                    ) : (
                      <Text size="sm" c="red.9">
                        {l.erros.join(' ')}
                      </Text>
                    ),
                },
              ]}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            loading={importAll.isPending}
            disabled={!file || !preview || preview.comErro > 0 || preview.validas === 0}
            onClick={() => {
              if (!file) return;
              importAll.mutate(
                { sisId, simular: false, file },
                {
                  onSuccess: (done) => {
                    notifySuccess(done.mensagem);
                    onClose();
                  },
                },
              );
            }}
          >
            {preview && preview.comErro === 0
              ? `Importar ${preview.validas} dispositivo(s)`
              : 'Importar'}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
