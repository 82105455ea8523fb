import { NativeSelect } from '@mantine/core';
import { PLANT_SORT_LABELS, PLANT_SORTS, type PlantSort, parsePlantSort } from '@vigia/domain';
import { useState } from 'react';
import { readStored, writeStored } from '../../../lib/storage';

/** Spec 001 §7: the plants' sort choice is kept in the browser. */
const SORT_KEY = 'energia.ordenacao';

export function useStoredPlantSort(): [PlantSort, (sort: PlantSort) => void] {
  const [sort, setSort] = useState<PlantSort>(() => parsePlantSort(readStored(SORT_KEY)));
  return [
    sort,
    (next) => {
      writeStored(SORT_KEY, next);
      setSort(next);
    },
  ];
}

export function SortSelect({
  value,
  onChange,
}: {
  value: PlantSort;
  onChange: (s: PlantSort) => void;
}) {
  return (
    <NativeSelect
      label="Ordenar por"
      value={value}
      onChange={(e) => onChange(parsePlantSort(e.currentTarget.value))}
      data={PLANT_SORTS.map((s) => ({ value: s, label: PLANT_SORT_LABELS[s] }))}
      w={200}
    />
  );
}
