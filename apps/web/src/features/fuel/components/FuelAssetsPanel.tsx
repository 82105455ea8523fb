import { Alert, Text } from '@mantine/core';
import type { FuelAssetRow } from '@vigia/contract';
import {
  FUEL_LISTING_DAYS,
  formatDateTime,
  formatNumber,
  PLACEHOLDER_NUMBER,
  TANK_LEVEL_BANDS,
  tankLevelBand,
} from '@vigia/domain';
import { isHttpError } from '../../../lib/httpErrors';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { StateBadge } from '../../../ui/StateBadge';
import { useFuelAssets } from '../api/get-fuel-assets';
import type { FuelAssetScope } from '../api/keys';
import { dayLabel } from './dayLabel';
import { type FuelColumn, FuelTable } from './FuelTable';
import { SiteName } from './SiteName';

function LevelBadge({ nivel }: { nivel: number | null }) {
  const band = TANK_LEVEL_BANDS.find((b) => b.band === tankLevelBand(nivel));
  if (!band || nivel === null) return <>{PLACEHOLDER_NUMBER}</>;
  return (
    <StateBadge tone={band.tone} title={band.label} miw="max-content">
      {formatNumber(nivel, 2)} %
    </StateBadge>
  );
}

const COLUMNS: readonly FuelColumn<FuelAssetRow>[] = [
  {
    header: 'Site',
    value: (r) => r.nome,
    render: (r) => <SiteName nome={r.nome} patrimonio={r.patrimonio} />,
  },
  { header: 'Patrimônio', value: (r) => r.patrimonio, excelOnly: true },
  { header: 'Local', value: (r) => r.localNome, excelOnly: true },
  { header: 'UF', value: (r) => r.ufSite, visibleFrom: 'sm' },
  {
    header: 'Capacidade (L)',
    value: (r) => r.capacidadeLitros,
    render: (r) => formatNumber(r.capacidadeLitros, 0),
    format: { decimals: 0 },
    numeric: true,
    visibleFrom: 'sm',
  },
  {
    header: 'Volume (L)',
    value: (r) => r.litros,
    render: (r) => (
      <>
        <Text size="sm">{formatNumber(r.litros, 0)}</Text>
        <Text size="xs" c="gray.7">
          {formatDateTime(r.ts)}
        </Text>
      </>
    ),
    format: { decimals: 0 },
    numeric: true,
  },
  {
    header: 'Nível (%)',
    value: (r) => r.nivel,
    render: (r) => <LevelBadge nivel={r.nivel} />,
    format: { decimals: 2 },
    numeric: true,
  },
  { header: 'Leitura', value: (r) => r.ts, format: 'date', excelOnly: true },
  {
    header: `Consumo ${FUEL_LISTING_DAYS} dias (L)`,
    value: (r) => r.consumoPeriodo,
    render: (r) => formatNumber(r.consumoPeriodo, 0),
    format: { decimals: 0 },
    numeric: true,
    visibleFrom: 'sm',
  },
  {
    header: 'Consumo médio (L/dia)',
    value: (r) => r.consumoMedioDiario,
    render: (r) => formatNumber(r.consumoMedioDiario, 1),
    format: { decimals: 1 },
    numeric: true,
  },
  {
    header: 'Autonomia (dias)',
    value: (r) => r.autonomiaDias,
    render: (r) => formatNumber(r.autonomiaDias, 1),
    format: { decimals: 1 },
    numeric: true,
  },
  {
    header: 'Última entrada',
    value: (r) => (r.ultimaEntrada ? dayLabel(r.ultimaEntrada) : null),
    render: (r) => (r.ultimaEntrada ? dayLabel(r.ultimaEntrada) : PLACEHOLDER_NUMBER),
    visibleFrom: 'sm',
  },
  {
    header: 'Último abastecimento',
    value: (r) => r.ultimoAbastecimento,
    render: (r) =>
      r.ultimoAbastecimento === null ? (
        PLACEHOLDER_NUMBER
      ) : (
        <>
          <Text size="sm">{formatDateTime(r.ultimoAbastecimento)}</Text>
          <Text size="xs" c="gray.7">
            {formatNumber(r.ultimoAbastecimentoLitros, 0)} L
          </Text>
        </>
      ),
    format: 'date',
  },
  {
    header: 'Entrada diária',
    value: (r) => (r.habilitado === 1 ? 'Sim' : 'Não'),
    visibleFrom: 'md',
  },
];

const searchText = (r: FuelAssetRow) => `${r.nome} ${r.patrimonio} ${r.localNome} ${r.ufSite}`;

/**
 * 'Combustível - Patrimonios': each fuel asset with what it holds, the
 * consumption entered over the last 30 days, the autonomy at that pace and
 * the last refuel seen in its readings.
 */
export function FuelAssetsPanel({ scope }: { scope: FuelAssetScope }) {
  const assets = useFuelAssets(scope);
  if (assets.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {isHttpError(assets.error) && assets.error.status < 500
          ? assets.error.message
          : 'Não foi possível carregar os patrimônios.'}
      </Alert>
    );
  }
  if (!assets.data) return <DelayedLoader />;
  return (
    <FuelTable
      label="Patrimônios com combustível"
      columns={COLUMNS}
      rows={assets.data}
      rowKey={(r) => r.siteId}
      searchText={searchText}
      fileName="combustivel-patrimonios.xlsx"
      item="patrimônio"
    />
  );
}
