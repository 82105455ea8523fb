import { Alert, Group, Text, TextInput } from '@mantine/core';
import type { RefuelRow } from '@vigia/contract';
import {
  addDays,
  FUEL_LISTING_DAYS,
  formatDateTime,
  formatNumber,
  isoDate,
  parseIsoDate,
  REFUEL_MIN_SHARE,
  startOfDaySec,
  today,
  validatePeriod,
} from '@vigia/domain';
import { useId, useState } from 'react';
import { isHttpError } from '../../../lib/httpErrors';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { type DayRange, useRefuels } from '../api/get-refuels';
import type { FuelAssetScope } from '../api/keys';
import { type FuelColumn, FuelTable } from './FuelTable';
import { SiteName } from './SiteName';

const COLUMNS: readonly FuelColumn<RefuelRow>[] = [
  {
    header: 'Hora',
    value: (r) => r.inicio,
    render: (r) => formatDateTime(r.inicio),
    format: 'date',
  },
  {
    header: 'Site',
    value: (r) => r.nome,
    render: (r) => <SiteName nome={r.nome} patrimonio={r.patrimonio} />,
  },
  { header: 'Patrimônio', value: (r) => r.patrimonio, excelOnly: true },
  { header: 'Local', value: (r) => r.localNome, visibleFrom: 'md' },
  { header: 'UF', value: (r) => r.ufSite, visibleFrom: 'sm' },
  {
    header: 'Antes (L)',
    value: (r) => r.antes,
    render: (r) => formatNumber(r.antes, 0),
    format: { decimals: 0 },
    numeric: true,
    visibleFrom: 'sm',
  },
  {
    header: 'Depois (L)',
    value: (r) => r.depois,
    render: (r) => formatNumber(r.depois, 0),
    format: { decimals: 0 },
    numeric: true,
    visibleFrom: 'sm',
  },
  {
    header: 'Abastecido (L)',
    value: (r) => r.litros,
    render: (r) => <Text fw={600}>{formatNumber(r.litros, 0)}</Text>,
    format: { decimals: 0 },
    numeric: true,
  },
  {
    header: 'Capacidade (L)',
    value: (r) => r.capacidadeLitros,
    render: (r) => formatNumber(r.capacidadeLitros, 0),
    format: { decimals: 0 },
    numeric: true,
    visibleFrom: 'md',
  },
];

const searchText = (r: RefuelRow) => `${r.nome} ${r.patrimonio} ${r.localNome} ${r.ufSite}`;

function defaultRange(now: Date): DayRange {
  const last = today(now);
  return {
    dataInicial: isoDate(addDays(last, -(FUEL_LISTING_DAYS - 1))),
    dataFinal: isoDate(last),
  };
}

/** Spec 001 §5's period rules on two days; null when the range may load. */
function rangeProblem(range: DayRange): string | null {
  const start = parseIsoDate(range.dataInicial);
  const end = parseIsoDate(range.dataFinal);
  if (!start || !end) return 'Informe as duas datas.';
  return validatePeriod(startOfDaySec(start) * 1000, startOfDaySec(end) * 1000);
}

/** 'Combustível - Abastecimento': the refuels found in the tanks' volume over a period. */
export function RefuelsPanel({ scope }: { scope: FuelAssetScope }) {
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const problem = rangeProblem(range);
  const problemId = useId();
  const refuels = useRefuels(scope, range, problem === null);
  const invalid = { error: Boolean(problem), 'aria-describedby': problem ? problemId : undefined };

  return (
    <>
      <Text size="sm" c="gray.7" mb="sm">
        Subidas do volume dos tanques de ao menos {Math.round(REFUEL_MIN_SHARE * 100)}% da
        capacidade, hora a hora, lidas do histórico dos sensores.
      </Text>
      <Group gap="sm" mb="sm" align="flex-end">
        <TextInput
          type="date"
          label="Data Inicial"
          value={range.dataInicial}
          onChange={(e) => setRange({ ...range, dataInicial: e.currentTarget.value })}
          w={170}
          {...invalid}
        />
        <TextInput
          type="date"
          label="Data Final"
          value={range.dataFinal}
          onChange={(e) => setRange({ ...range, dataFinal: e.currentTarget.value })}
          w={170}
          {...invalid}
        />
      </Group>
      {problem ? (
        <Alert color="red" variant="light" role="alert" id={problemId}>
          {problem}
        </Alert>
      ) : refuels.isError ? (
        <Alert color="red" variant="light" role="alert">
          {isHttpError(refuels.error) && refuels.error.status < 500
            ? refuels.error.message
            : 'Não foi possível carregar os abastecimentos.'}
        </Alert>
      ) : !refuels.data ? (
        <DelayedLoader />
      ) : (
        <FuelTable
          label="Abastecimentos"
          columns={COLUMNS}
          rows={refuels.data}
          rowKey={(r) => `${r.siteId}:${r.inicio}`}
          searchText={searchText}
          fileName={`combustivel-abastecimentos-${range.dataInicial}-${range.dataFinal}.xlsx`}
          item="abastecimento"
        />
      )}
    </>
  );
}
