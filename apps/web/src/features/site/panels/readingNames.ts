import { READING } from '@vigia/domain';
import type { PanelDefinition, Section } from './types';

/** What the other-generators list shows of each generator. */
export const OTHER_GENERATOR_READINGS = [
  READING.generatorStatus,
  READING.generatorMode,
  'kW',
  READING.loadSpeed,
] as const;
export const GENERATOR_TIPO = 'gerador';
export const METER_CLOCK_READINGS = ['NUMSERIE', 'DIA', 'MES', 'ANO', 'HORA', 'MINUTO'] as const;

function sectionNames(section: Section): string[] {
  switch (section.type) {
    case 'readings':
    case 'levels':
    case 'states':
    case 'alarms':
      return section.items.map((item) => item.name);
    case 'word':
    case 'inputs':
      return [section.name];
    case 'meterClock':
      return [...METER_CLOCK_READINGS];
    case 'diagram':
      return [...section.readings];
    case 'allReadings':
    case 'otherGenerators':
      return [];
  }
}

function sourceOf(section: Section): string | null {
  return 'source' in section && section.source ? section.source.peerTipo : null;
}

const unique = (names: Iterable<string>) => [...new Set(names)].sort();

/** The readings to ask for the site's device; an empty list asks for all of them. */
export function deviceReadingNames(definition: PanelDefinition): string[] {
  if (definition.sections.some((s) => s.type === 'allReadings')) return [];
  return unique(definition.sections.filter((s) => sourceOf(s) === null).flatMap(sectionNames));
}

/** The neighbours the panel reads (types and readings), or null when it reads none. */
export function peerRequest(
  definition: PanelDefinition,
): { tipos: string[]; readings: string[] } | null {
  const tipos = new Set<string>();
  const readings = new Set<string>();
  for (const section of definition.sections) {
    const source = sourceOf(section);
    if (source !== null) {
      tipos.add(source);
      for (const name of sectionNames(section)) readings.add(name);
    }
    if (section.type === 'otherGenerators') {
      tipos.add(GENERATOR_TIPO);
      for (const name of OTHER_GENERATOR_READINGS) readings.add(name);
    }
    if (section.type === 'diagram' && section.peerTipos && section.peerTipos.length > 0) {
      for (const tipo of section.peerTipos) tipos.add(tipo);
      for (const name of section.readings) readings.add(name);
    }
  }
  return tipos.size === 0 ? null : { tipos: unique(tipos), readings: unique(readings) };
}
