import type { DeviceRow } from '@vigia/contract';
import type { ValueFormat } from '../types';
import { ReadingGrid } from './ReadingGrid';

interface Props {
  device: DeviceRow | null;
  format?: ValueFormat;
  /** Readings not to list (decoded elsewhere, or raw status words). */
  exclude: ReadonlySet<string>;
}

/** Every reading the device reports, under its own name and unit. */
export function AllReadings({ device, format, exclude }: Props) {
  const items = (device?.infos ?? [])
    .filter((info) => !exclude.has(info.nome))
    .map((info) => ({
      name: info.nome,
      label: info.apelido || info.nome,
    }));
  return <ReadingGrid device={device} items={items} format={format} />;
}
