import type { DeviceRow } from '@vigia/contract';
import type { ValueFormat } from '../types';
import { ReadingGrid } from './ReadingGrid';

interface Props {
  device: DeviceRow | null;
  format?: ValueFormat;
}

/** Every reading the device reports, under its own name and unit. */
export function AllReadings({ device, format }: Props) {
  const items = (device?.infos ?? []).map((info) => ({
    name: info.nome,
    label: info.apelido || info.nome,
  }));
  return <ReadingGrid device={device} items={items} format={format} />;
}
