import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Group, SegmentedControl, Select } from '@mantine/core';
import { PLANT_SORT_LABELS, PLANT_SORTS, type PlantSort, parsePlantSort } from '@vigia/domain';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { readStored, writeStored } from '../../../lib/storage';
import { useUserInfo } from '../../../lib/user/get-user-info';
import { ListSearchInput } from '../../../ui/table/ListSearchInput';
import { ListTable } from '../../../ui/table/ListTable';
import { useNowSec } from '../../../ui/useNowSec';
import { useEnergyGenerators } from '../api/get-energy-generators';
import { useTransferPanels } from '../api/get-transfer-panels';
import {
  type EnergyGeneratorRow,
  energyGeneratorColumns,
  pairTransferPanels,
} from '../columns/energyGeneratorColumns';
import { DeviceListScreen } from '../components/DeviceListScreen';
import { PageHeading } from '../components/PageHeading';
import { siteHref } from '../deviceLinks';
import { DEVICE_LISTS } from '../lists';

/** A system whose configured home is the generators page gets the energy variant (system 121 in the demo). */
export const ENERGY_VARIANT_HOME = 'geradores';

type Variant = 'padrao' | 'energia';

/**
 * `geradores`: the generator list. Systems configured for it (their home is
 * this page) also get the second variant, with energy and the site's QTA.
 */
export function GeneratorsPage() {
  const sisId = Number(useParams().sisId);
  const user = useUserInfo();
  const sistema = user.data?.sistemas.find((s) => s.id === sisId);
  const hasEnergyVariant = sistema?.home === ENERGY_VARIANT_HOME;
  const [chosen, setChosen] = useState<Variant | null>(null);
  const variant: Variant = chosen ?? (hasEnergyVariant ? 'energia' : 'padrao');
  const definition = DEVICE_LISTS.geradores;

  const switcher = hasEnergyVariant ? (
    <SegmentedControl
      aria-label="Variante da lista"
      value={variant}
      onChange={(value) => setChosen(value === 'energia' ? 'energia' : 'padrao')}
      data={[
        { value: 'energia', label: 'Energia e QTA' },
        { value: 'padrao', label: 'Padrão' },
      ]}
    />
  ) : undefined;

  return (
    <>
      <PageHeading title={definition.title} subtitle={sistema?.nome} aside={switcher} />
      {variant === 'energia' ? (
        <EnergyGeneratorList sisId={sisId} />
      ) : (
        <DeviceListScreen
          id={definition.id}
          label={definition.title}
          item={definition.item}
          selection={{ ...definition.selection, sisid: sisId }}
          nomes={definition.nomes}
          columns={definition.columns}
          readingsOf={() => definition.cardReadings}
          liveSisId={sisId}
        />
      )}
    </>
  );
}

const SORT_KEY = 'geradores.energia.ordem';

function matches(row: EnergyGeneratorRow, text: string): boolean {
  const needle = text.trim().toLocaleLowerCase('pt-BR');
  if (needle === '') return true;
  return [row.nome, row.patrimonio, row.localNome, row.uf].some((v) =>
    v.toLocaleLowerCase('pt-BR').includes(needle),
  );
}

/** The energy variant: one call for the generators, one for the system's transfer panels. */
function EnergyGeneratorList({ sisId }: { sisId: number }) {
  const links = useRouteLinks();
  const navigate = useNavigate();
  const nowSec = useNowSec();
  const [sort, setSort] = useState<PlantSort>(() => parsePlantSort(readStored(SORT_KEY)));
  const [search, setSearch] = useState('');
  const generators = useEnergyGenerators(sisId, sort);
  const panels = useTransferPanels(sisId);
  const columns = useMemo(() => energyGeneratorColumns({ nowSec }), [nowSec]);
  const rows = useMemo(
    () =>
      pairTransferPanels(generators.data ?? [], panels.data?.itens ?? []).filter((row) =>
        matches(row, search),
      ),
    [generators.data, panels.data, search],
  );

  return (
    <ListTable<EnergyGeneratorRow>
      id="geradores-energia"
      label="Geradores com energia e QTA"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      item="gerador"
      loading={generators.isPending}
      error={generators.isError ? 'Não foi possível carregar os geradores.' : null}
      onRowOpen={(row) => {
        const href = siteHref(links, row);
        if (href) navigate(href);
      }}
      openOnClick
      toolbar={
        <Group gap="sm">
          <ListSearchInput value={search} onChange={setSearch} />
          <Select
            aria-label="Ordenar por"
            value={sort}
            allowDeselect={false}
            onChange={(value) => {
              const next = parsePlantSort(value);
              setSort(next);
              writeStored(SORT_KEY, next);
            }}
            data={PLANT_SORTS.map((value) => ({ value, label: PLANT_SORT_LABELS[value] }))}
            w={200}
          />
        </Group>
      }
    />
  );
}
