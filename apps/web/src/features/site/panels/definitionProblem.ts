import type { PanelDefinition, Section } from './types';

function sectionProblem(section: Section): string | null {
  if (section.title.trim() === '') return 'seção sem título';
  switch (section.type) {
    case 'readings':
    case 'levels':
    case 'states':
    case 'alarms':
      if (section.items.length === 0) return `a seção "${section.title}" não tem leituras`;
      if (section.items.some((item) => item.name.trim() === '' || item.label.trim() === '')) {
        return `a seção "${section.title}" tem uma leitura sem nome`;
      }
      return null;
    case 'word':
    case 'inputs':
      return section.name.trim() === '' ? `a seção "${section.title}" não tem leitura` : null;
    case 'diagram':
      return section.readings.length === 0
        ? `o diagrama "${section.title}" não tem leituras`
        : null;
    default:
      return null;
  }
}

/**
 * What is wrong with a panel definition, in pt-BR, or null. A module that
 * loads but exports no usable definition is a bad configuration, shown as
 * the error panel rather than a blank page.
 */
export function definitionProblem(definition: unknown): string | null {
  if (!definition || typeof definition !== 'object') return 'o módulo não exporta um painel';
  const d = definition as Partial<PanelDefinition>;
  if (typeof d.title !== 'string' || d.title.trim() === '') return 'painel sem título';
  if (!['standard', 'plc', 'carreta', 'synoptic'].includes(String(d.kind))) {
    return 'tipo de atualização desconhecido';
  }
  if (!Array.isArray(d.sections) || d.sections.length === 0) return 'painel sem seções';
  for (const section of d.sections) {
    const problem = sectionProblem(section);
    if (problem) return problem;
  }
  return null;
}
