import { formatDate, parseIsoDate, startOfDaySec } from '@vigia/domain';

/** 'YYYY-MM-DD' as 'dd/MM/yyyy' (the text itself when it is not a day). */
export function dayLabel(dataRef: string): string {
  const day = parseIsoDate(dataRef);
  return day ? formatDate(startOfDaySec(day)) : dataRef;
}
