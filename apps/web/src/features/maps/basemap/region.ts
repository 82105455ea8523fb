/** What the offline basemap covers: Brazil and the countries around it (degrees). */
export const BASEMAP_REGION = { west: -82, south: -56, east: -28, north: 13.5 } as const;

/** ISO 3166 numeric code of Brazil in Natural Earth. */
export const BRAZIL_ID = '076';

/** The countries drawn, by ISO numeric code, with their pt-BR names (France: French Guiana only). */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  [BRAZIL_ID]: 'Brasil',
  '032': 'Argentina',
  '068': 'Bolívia',
  '152': 'Chile',
  '170': 'Colômbia',
  '218': 'Equador',
  '250': 'Guiana Francesa',
  '328': 'Guiana',
  '600': 'Paraguai',
  '604': 'Peru',
  '740': 'Suriname',
  '858': 'Uruguai',
  '862': 'Venezuela',
};

export interface BasemapProperties {
  id: string;
  nome: string;
}
