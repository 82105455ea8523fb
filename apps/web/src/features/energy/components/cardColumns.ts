import type { EnergyCard } from '@vigia/contract';
import type { EnergyColumn } from './EnergyTable';
import { excelEnergy, formatKwh, formatVariation } from './energyFormat';

/** The energy card's figures as table columns: total, daily mean, previous mean (optional), variation. */
export function cardColumns<T extends EnergyCard>(withPrevious = true): EnergyColumn<T>[] {
  const kwh = (header: string, pick: (r: T) => number | null): EnergyColumn<T> => ({
    header,
    value: (r) => excelEnergy(pick(r)),
    render: (r) => formatKwh(pick(r)),
    numeric: true,
  });
  return [
    kwh('Energia Total (kWh)', (r) => r.energiaTotal),
    kwh('Média Diária (kWh)', (r) => r.energiaMedia),
    ...(withPrevious ? [kwh('Média Anterior (kWh)', (r) => r.energiaMediaPassada)] : []),
    {
      header: 'Variação (%)',
      value: (r) => r.diferencaPorcentagem ?? '---',
      render: (r) => formatVariation(r.diferencaPorcentagem),
      numeric: true,
    },
  ];
}
