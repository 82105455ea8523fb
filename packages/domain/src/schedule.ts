/** Spec 001 §3 Schedule: `dia_semana` 0 is Monday … 6 Sunday. */
export const WEEKDAY_NAMES: readonly string[] = [
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
  'Domingo',
];

/** The pt-BR name of a `dia_semana`, or '--' when it is not one. */
export function weekdayName(diaSemana: number | null | undefined): string {
  return (diaSemana != null && WEEKDAY_NAMES[diaSemana]) || '--';
}
