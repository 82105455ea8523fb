/**
 * Importing devices from a spreadsheet (issue 28): the columns a CSV or XLSX
 * file may have (its first row names them, in any order, with or without
 * accents), and the pt-BR texts of the import and its row-by-row simulation.
 */
export const DEVICE_IMPORT_COLUMNS = {
  nome: ['nome', 'dispositivo'],
  patrimonio: ['patrimonio'],
  modelo: ['modelo'],
  usina: ['usina'],
  scd: ['scd'],
  venue: ['venue'],
  localNome: ['nome do local', 'local'],
  uf: ['uf'],
  lat: ['latitude', 'lat'],
  lon: ['longitude', 'lon'],
} as const;
export type DeviceImportField = keyof typeof DEVICE_IMPORT_COLUMNS;

export const DEVICE_IMPORT_REQUIRED: readonly DeviceImportField[] = [
  'nome',
  'patrimonio',
  'modelo',
];

/** At most this many devices in one file. */
export const MAX_DEVICE_IMPORT_ROWS = 1000;

export const DEVICE_IMPORT_MESSAGES = {
  fileRequired: 'Envie um arquivo CSV ou XLSX no campo "arquivo".',
  unreadable:
    'Não foi possível ler o arquivo: use CSV (separado por vírgula ou ponto e vírgula) ou XLSX.',
  missingColumns: 'Faltam colunas na planilha: {colunas}. A primeira linha nomeia as colunas.',
  empty: 'A planilha não tem linhas de dispositivos.',
  tooMany: 'No máximo 1000 dispositivos por importação.',
  unknownModel: 'Modelo {modelo} inexistente.',
  unknownPlace: '{tipo} {nome} não existe neste sistema.',
  notANumber: '{campo} não é um número.',
  repeated: 'Patrimônio {patrimonio} repetido na planilha (linha {linha}).',
  taken: 'O patrimônio {patrimonio} já está cadastrado neste sistema.',
  rowFailed: 'Linha {linha}: {erro} Nada foi importado.',
  imported: '{n} dispositivo(s) importado(s).',
} as const;

/** A header as typed ('Patrimônio ', 'LATITUDE') to the form the columns are matched in. */
export const normalizeImportHeader = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

/**
 * Where each known column is in a header row; the required ones missing, by
 * their screen names. An unknown column is left alone.
 */
export function deviceImportColumns(header: readonly string[]): {
  index: Partial<Record<DeviceImportField, number>>;
  missing: string[];
} {
  const names = header.map(normalizeImportHeader);
  const index: Partial<Record<DeviceImportField, number>> = {};
  for (const [field, aliases] of Object.entries(DEVICE_IMPORT_COLUMNS) as [
    DeviceImportField,
    readonly string[],
  ][]) {
    const at = names.findIndex((n) => aliases.includes(n));
    if (at >= 0) index[field] = at;
  }
  const missing = DEVICE_IMPORT_REQUIRED.filter((f) => index[f] === undefined).map(
    (f) => DEVICE_IMPORT_LABELS[f],
  );
  return { index, missing };
}

/** The columns as a template file and the screen name them. */
export const DEVICE_IMPORT_LABELS: Readonly<Record<DeviceImportField, string>> = {
  nome: 'Nome',
  patrimonio: 'Patrimônio',
  modelo: 'Modelo',
  usina: 'Usina',
  scd: 'SCD',
  venue: 'Venue',
  localNome: 'Nome do local',
  uf: 'UF',
  lat: 'Latitude',
  lon: 'Longitude',
};
