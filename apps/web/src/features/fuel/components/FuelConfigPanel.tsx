import { Button, Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
import type { FuelConfigRow } from '@vigia/contract';
import {
  formatDateTime,
  fuelConfigEnabled,
  fuelConfigSaveEnabled,
  MESSAGES,
  parseDecimal,
  validateReferenceValue,
} from '@vigia/domain';
import { useState } from 'react';
import { confirm } from '../../../ui/confirm';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { useFuelConfigs } from '../api/get-fuel-configs';
import type { FuelScope } from '../api/keys';
import { useUpdateFuelConfigs } from '../api/update-fuel-configs';
import { SiteName } from './SiteName';

interface Props {
  scope: FuelScope;
}

/** What the screen changed of one site: the checkbox and the reference being typed. */
interface Edit {
  checkHabilitado?: boolean;
  valorReferenciaTela?: string;
}

const screenRow = (row: FuelConfigRow, edit: Edit | undefined) => ({
  ...row,
  checkHabilitado: edit?.checkHabilitado,
  valorReferenciaTela: edit?.valorReferenciaTela,
});

/**
 * Spec 001 §3/§5: which sites take fuel entries and their reference value;
 * save is enabled only when a reference changed or a flag flipped.
 */
export function FuelConfigPanel({ scope }: Props) {
  const configs = useFuelConfigs(scope);
  const update = useUpdateFuelConfigs();
  const [edits, setEdits] = useState<Record<number, Edit>>({});
  const rows = configs.data ?? [];

  const edit = (siteId: number, change: Edit) =>
    setEdits((current) => ({ ...current, [siteId]: { ...current[siteId], ...change } }));
  const errorOf = (row: FuelConfigRow) => {
    const text = edits[row.siteId]?.valorReferenciaTela;
    return text === undefined ? null : validateReferenceValue(text);
  };
  const changed = rows.filter((row) => fuelConfigSaveEnabled([screenRow(row, edits[row.siteId])]));
  const hasError = rows.some((row) => errorOf(row) !== null);
  const canSave = changed.length > 0 && !hasError && !update.isPending;

  const save = async () => {
    if (!(await confirm({ message: MESSAGES.configChangeConfirm }))) return;
    const configsToSave = changed.map((row) => {
      const change = edits[row.siteId] ?? {};
      const enabled = change.checkHabilitado ?? fuelConfigEnabled(row.habilitado);
      const reference =
        change.valorReferenciaTela === undefined
          ? row.valorReferencia
          : (parseDecimal(change.valorReferenciaTela) ?? row.valorReferencia);
      return {
        siteId: row.siteId,
        habilitado: enabled ? 1 : 0,
        valorReferencia: reference,
      } as const;
    });
    update.mutate({ configs: configsToSave }, { onSuccess: () => setEdits({}) });
  };

  return (
    <>
      <Group mb="md" justify="space-between">
        <Text size="sm" c="gray.7">
          Marque os sites que recebem entrada diária e o consumo de referência de cada um.
        </Text>
        <Button disabled={!canSave} loading={update.isPending} onClick={save}>
          Salvar configurações
        </Button>
      </Group>
      {configs.isPending ? (
        <DelayedLoader />
      ) : (
        <Table
          verticalSpacing="xs"
          withTableBorder
          aria-label="Configuração de combustível por site"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Site</Table.Th>
              <Table.Th visibleFrom="sm">UF</Table.Th>
              <Table.Th visibleFrom="md">Local</Table.Th>
              <Table.Th w={110}>Habilitado</Table.Th>
              <Table.Th w={200}>Referência (L)</Table.Th>
              <Table.Th visibleFrom="sm">Última alteração</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const change = edits[row.siteId];
              return (
                <Table.Tr key={row.siteId} data-site={row.siteId}>
                  <Table.Td>
                    <SiteName nome={row.nome} patrimonio={row.patrimonio} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{row.ufSite}</Table.Td>
                  <Table.Td visibleFrom="md">{row.localNome}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Habilitar entrada de ${row.nome}`}
                      checked={change?.checkHabilitado ?? fuelConfigEnabled(row.habilitado)}
                      onChange={(event) =>
                        edit(row.siteId, { checkHabilitado: event.currentTarget.checked })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      inputMode="numeric"
                      aria-label={`Referência de ${row.nome} em litros`}
                      value={change?.valorReferenciaTela ?? String(row.valorReferencia)}
                      error={errorOf(row)}
                      onChange={(event) =>
                        edit(row.siteId, { valorReferenciaTela: event.currentTarget.value })
                      }
                    />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{row.atualizadoPor ?? '--'}</Text>
                    <Text size="xs" c="gray.7">
                      {formatDateTime(row.atualizadoEm)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {!configs.isPending && rows.length === 0 && <EmptyMessage item="site" />}
    </>
  );
}
