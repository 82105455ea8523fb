import { ActionIcon, Button, Group, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { FuelEntryRow } from '@vigia/contract';
import {
  canStepFuelDateForward,
  formatDateTime,
  formatNumber,
  fuelEntrySubmitEnabled,
  isoDate,
  MESSAGES,
  PLACEHOLDER_NUMBER,
  parseFuelLitres,
  parseIsoDate,
  stepFuelDate,
  today,
  validateFuelLitres,
} from '@vigia/domain';
import { useState } from 'react';
import { isHttpError } from '../../../lib/httpErrors';
import { confirm } from '../../../ui/confirm';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { useDailyFuel } from '../api/get-daily-fuel';
import type { FuelScope } from '../api/keys';
import { useSaveFuelEntries } from '../api/save-fuel-entries';
import { dayLabel } from './dayLabel';
import { IncompleteDays } from './IncompleteDays';
import { SiteName } from './SiteName';

interface Props {
  scope: FuelScope;
}

const typedOf = (typed: Record<number, string>, row: FuelEntryRow) => typed[row.siteId] ?? '';
const isOpen = (row: FuelEntryRow) => row.consumoLitros === null;

/** The server's refusals by site: `recusadas` of a partial save, or `detalhes` ('siteId:dataRef') of a refused one. */
function refusalsOf(list: readonly { siteId: number; error: string }[]): Record<number, string> {
  return Object.fromEntries(list.map((r) => [r.siteId, r.error]));
}

/**
 * Spec 001 §4/§5: the day's consumption of each enabled site. The date moves a
 * day back or forward (never past today); submit is enabled only when a row
 * without saved consumption has a typed value. The valid values are saved; an
 * invalid one, or one the server refuses (a day saved meanwhile), stays typed
 * with its error in place and does not hold the others back.
 */
export function FuelEntryPanel({ scope }: Props) {
  const todayText = isoDate(today(new Date()));
  const [dataRef, setDataRef] = useState(todayText);
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [refused, setRefused] = useState<Record<number, string>>({});
  const daily = useDailyFuel(scope, dataRef);
  const save = useSaveFuelEntries();
  const rows = daily.data ?? [];

  const goTo = (day: string) => {
    setDataRef(day);
    setTyped({});
    setRefused({});
  };
  const screenRows = rows.map((row) => ({ ...row, combustivelTela: typedOf(typed, row) }));
  const typedRows = rows.filter((row) => isOpen(row) && typedOf(typed, row).trim() !== '');
  const validRows = typedRows.filter((row) => validateFuelLitres(typedOf(typed, row)) === null);
  const invalidCount = typedRows.length - validRows.length;
  const errorOf = (row: FuelEntryRow) => {
    const text = typedOf(typed, row);
    const invalid = isOpen(row) && text.trim() !== '' ? validateFuelLitres(text) : null;
    return invalid ?? refused[row.siteId] ?? null;
  };
  const canSubmit = fuelEntrySubmitEnabled(screenRows) && validRows.length > 0 && !save.isPending;

  const submit = async () => {
    if (!(await confirm({ message: MESSAGES.fuelAddConfirm }))) return;
    const consumos = validRows.map((row) => ({
      siteId: row.siteId,
      dataRef,
      consumoLitros: parseFuelLitres(typedOf(typed, row)) ?? 0,
    }));
    // What was saved leaves the inputs; a refused value stays with its reason.
    const keepOnly = (kept: Record<number, string>) =>
      setTyped((current) =>
        Object.fromEntries(
          Object.entries(current).filter(
            ([siteId]) =>
              kept[Number(siteId)] !== undefined ||
              !consumos.some((c) => c.siteId === Number(siteId)),
          ),
        ),
      );
    save.mutate(
      { consumos },
      {
        onSuccess: (answer) => {
          const refusals = refusalsOf(answer.recusadas);
          setRefused(refusals);
          keepOnly(refusals);
        },
        onError: (error) => {
          if (!isHttpError(error)) return;
          const refusals = refusalsOf(
            error.details.flatMap((d) => {
              const site = /^(\d+):/.exec(d.campo)?.[1];
              return site ? [{ siteId: Number(site), error: d.mensagem }] : [];
            }),
          );
          setRefused(refusals);
        },
      },
    );
  };

  return (
    <>
      <Group gap="xs" mb="md" align="flex-end">
        <Tooltip label="Dia anterior">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Dia anterior"
            onClick={() => goTo(stepFuelDate(dataRef, -1, new Date()))}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <TextInput
          label="Data"
          type="date"
          value={dataRef}
          max={todayText}
          w={170}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (parseIsoDate(value) && value <= todayText) goTo(value);
          }}
        />
        <Tooltip label="Próximo dia">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Próximo dia"
            disabled={!canStepFuelDateForward(dataRef, new Date())}
            onClick={() => goTo(stepFuelDate(dataRef, 1, new Date()))}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button ml="auto" disabled={!canSubmit} loading={save.isPending} onClick={submit}>
          Adicionar consumos
        </Button>
      </Group>
      {invalidCount > 0 && (
        <Text size="sm" c="red.9" mb="sm" role="status">
          {invalidCount === 1
            ? 'Um consumo com erro não será enviado; os demais podem ser adicionados.'
            : `${invalidCount} consumos com erro não serão enviados; os demais podem ser adicionados.`}
        </Text>
      )}

      {daily.isPending ? (
        <DelayedLoader />
      ) : (
        <Table
          verticalSpacing="xs"
          withTableBorder
          aria-label={`Consumo de combustível em ${dayLabel(dataRef)}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Site</Table.Th>
              <Table.Th visibleFrom="sm">UF</Table.Th>
              <Table.Th visibleFrom="md">Local</Table.Th>
              <Table.Th ta="right">Referência (L)</Table.Th>
              <Table.Th w={220}>Consumo (L)</Table.Th>
              <Table.Th visibleFrom="sm">Registrado por</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.siteId} data-site={row.siteId}>
                <Table.Td>
                  <SiteName nome={row.nomeSite} patrimonio={row.patrimonio} />
                </Table.Td>
                <Table.Td visibleFrom="sm">{row.ufSite}</Table.Td>
                <Table.Td visibleFrom="md">{row.localNome}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.valorReferencia, 0)}</Table.Td>
                <Table.Td>
                  {isOpen(row) ? (
                    <TextInput
                      size="xs"
                      inputMode="decimal"
                      aria-label={`Consumo de ${row.nomeSite} em litros`}
                      placeholder="Litros"
                      value={typedOf(typed, row)}
                      error={errorOf(row)}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setTyped((current) => ({ ...current, [row.siteId]: value }));
                        setRefused(({ [row.siteId]: _, ...others }) => others);
                      }}
                    />
                  ) : (
                    <>
                      <Text size="sm">{formatNumber(row.consumoLitros, 2)}</Text>
                      {refused[row.siteId] && (
                        <Text size="xs" c="red.9">
                          {refused[row.siteId]}
                        </Text>
                      )}
                    </>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {row.usuarioNome ? (
                    <>
                      <Text size="sm">{row.usuarioNome}</Text>
                      <Text size="xs" c="gray.7">
                        {formatDateTime(row.registradoEm)}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" c="gray.7">
                      {PLACEHOLDER_NUMBER}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!daily.isPending && rows.length === 0 && <EmptyMessage item="site habilitado" />}

      {/* Under the day's table once it is drawn: arriving later it moves nothing. */}
      {!daily.isPending && <IncompleteDays scope={scope} current={dataRef} onOpen={goTo} />}
    </>
  );
}
