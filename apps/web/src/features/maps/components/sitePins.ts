import type { GpsDevice, ResumeSiteRow } from '@vigia/contract';
import { mapPinColor } from '@vigia/domain';

const PLACE_KIND: Record<ResumeSiteRow['destino'], string> = {
  site: 'Dispositivo',
  usina: 'Usina',
  scd: 'SCD',
  venue: 'Venue',
};

/** Site-table rows with a position as map pins (same colour rule as the GPS map). */
export function sitePins(rows: readonly ResumeSiteRow[]): GpsDevice[] {
  const pins: GpsDevice[] = [];
  for (const row of rows) {
    if (row.lat === null || row.longi === null) continue;
    pins.push({
      id: row.id,
      nome: row.nome,
      patrimonio: row.patrimonio ?? PLACE_KIND[row.destino],
      tipo: row.tipo ?? row.destino,
      local: row.localNome ?? row.usinaNome ?? row.nome,
      uf: row.uf ?? '',
      lat: row.lat,
      longi: row.longi,
      sisId: row.sisId,
      usinaId: row.usinaId,
      scdId: row.scdId,
      venueId: row.venueId,
      resumoComunicacao: row.resumoComunicacao,
      ultimaLeitura: row.ultimaLeitura,
      alarmTreeMapValue: row.alarmTreeMapValue,
      cor: mapPinColor(row.resumoComunicacao),
    });
  }
  return pins;
}
