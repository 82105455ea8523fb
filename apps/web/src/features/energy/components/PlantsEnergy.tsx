import { Alert, Anchor, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import type { PlantEnergyCard } from '@vigia/contract';
import { type Period, validatePeriodSec } from '@vigia/domain';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import { useGeneratedEnergy } from '../api/get-generated-energy';
import { cardColumns } from './cardColumns';
import { EnergyCardTile } from './EnergyCardTile';
import { EnergyPeriodBar } from './EnergyPeriodBar';
import { type EnergyColumn, EnergyTable } from './EnergyTable';
import { periodParams } from './energyPeriod';
import { loadFailure } from './PageHeader';
import { SortSelect, useStoredPlantSort } from './SortSelect';

interface Props {
  sisid: number;
  period: Period;
  onPeriod: (period: Period) => void;
}

const ALL = '';

/**
 * Cluster energy (spec 001 §2): the plants' generated energy over the period,
 * grouped by state (UF), with the stored sort choice, filters by state and
 * name, the total, a card per plant and the table with its Excel export.
 */
export function PlantsEnergy({ sisid, period, onPeriod }: Props) {
  const problemId = useId();
  const links = useRouteLinks();
  const problem = validatePeriodSec(period.inicio, period.fim);
  const [sort, setSort] = useStoredPlantSort();
  const [uf, setUf] = useState(ALL);
  const [text, setText] = useState('');
  const query = useGeneratedEnergy(sisid, period, sort, problem === null);
  const ufs = useMemo(
    () => [...new Set((query.data?.usinas ?? []).map((p) => p.uf))].sort(),
    [query.data],
  );
  const shown = useMemo(() => {
    const needle = text.trim().toLocaleLowerCase('pt-BR');
    return (query.data?.usinas ?? []).filter(
      (p) =>
        (uf === ALL || p.uf === uf) &&
        (!needle || p.nome.toLocaleLowerCase('pt-BR').includes(needle)),
    );
  }, [query.data, uf, text]);
  const groups = useMemo(() => {
    const byUf = new Map<string, PlantEnergyCard[]>();
    for (const p of shown) byUf.set(p.uf, [...(byUf.get(p.uf) ?? []), p]);
    return [...byUf.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [shown]);

  const plantHref = (p: PlantEnergyCard) =>
    links.hrefFor('main.usina.energia', { sisId: p.sisId, usinaId: p.id, ...periodParams(period) });
  const plantName = (p: PlantEnergyCard) => {
    const href = plantHref(p);
    return href ? (
      <Anchor component={Link} to={href} c="gray.9" underline="always">
        {p.nome}
      </Anchor>
    ) : (
      p.nome
    );
  };
  const columns: EnergyColumn<PlantEnergyCard>[] = [
    { header: 'Usina', value: (p) => p.nome, render: plantName },
    { header: 'UF', value: (p) => p.uf },
    ...cardColumns<PlantEnergyCard>(),
  ];

  return (
    <Stack gap="md">
      <EnergyPeriodBar value={period} onApply={onPeriod} problem={problem} problemId={problemId} />
      {problem ? null : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {loadFailure(query.error, 'Não foi possível carregar a energia.')}
        </Alert>
      ) : !query.data ? (
        <DelayedLoader />
      ) : (
        <>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <SortSelect value={sort} onChange={setSort} />
            <NativeSelect
              label="Estado"
              value={uf}
              onChange={(e) => setUf(e.currentTarget.value)}
              data={[{ value: ALL, label: 'Todos' }, ...ufs.map((u) => ({ value: u, label: u }))]}
              w={120}
            />
            <TextInput
              label="Filtrar usinas"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              w={220}
            />
          </Group>
          <Group align="stretch" gap="sm">
            <EnergyCardTile
              title="Total das usinas"
              name="Total das usinas"
              card={query.data.total}
            />
          </Group>
          {shown.length === 0 ? (
            <EmptyMessage item="usina" />
          ) : (
            <>
              {groups.map(([state, plants]) => (
                <section key={state} aria-labelledby={`uf-${state}`}>
                  <Title order={2} size="h4" id={`uf-${state}`} mb="xs">
                    {state}
                  </Title>
                  <Group align="stretch" gap="sm">
                    {plants.map((p) => (
                      <EnergyCardTile key={p.id} title={plantName(p)} name={p.nome} card={p} />
                    ))}
                  </Group>
                </section>
              ))}
              <EnergyTable
                caption="Energia por usina"
                columns={columns}
                rows={shown}
                rowKey={(p) => p.id}
                fileName="energia-usinas.xlsx"
              />
            </>
          )}
          <Text size="xs" c="gray.7">
            Energia gerada pelos geradores de cada usina, pelo contador kWh; '---': dia sem
            leituras.
          </Text>
        </>
      )}
    </Stack>
  );
}
