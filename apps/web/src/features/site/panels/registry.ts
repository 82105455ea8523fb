import type { PanelModule } from './types';

type Loader = () => Promise<PanelModule>;

/**
 * The one panel registry (spec 001 "Overview panels"): an overview's
 * `render_html` names a lazily loaded panel module, as Home Assistant's
 * LAZY_LOAD_TYPES map card types. Keys are normalised names
 * (`normalizePanelKey`): 'Base de Compressão', 'base_de_compressao' and
 * 'base-de-compressao' are one panel. Variants are separate entries whose
 * modules share the blocks in `defs/blocks.ts`.
 */
export const PANEL_LOADERS = {
  arcos: () => import('./defs/arcos'),
  'base-de-compressao': () => import('./defs/baseDeCompressao'),
  industria: () => import('./defs/industria'),
  'industria-gerador': () => import('./defs/industriaGerador'),
  'industria-qgbt': () => import('./defs/industriaQgbt'),
  posto: () => import('./defs/posto'),
  tecnogres: () => import('./defs/tecnogres'),
  adam: () => import('./defs/adam'),
  'carreta-consumo': () => import('./defs/carretaConsumo'),
  'carreta-estocagem': () => import('./defs/carretaEstocagem'),
  geladeira: () => import('./defs/geladeira'),
  'gerador-custom': () => import('./defs/geradorCustom'),
  'gerador-energ': () => import('./defs/geradorEnerg'),
  'gerador-gl': () => import('./defs/geradorGl'),
  'gerador-qta': () => import('./defs/geradorQta'),
  gerador: () => import('./defs/gerador'),
  'infos-medidor': () => import('./defs/infosMedidor'),
  io: () => import('./defs/io'),
  medidor: () => import('./defs/medidor'),
  'motor-260': () => import('./defs/motor260'),
  'motor-757': () => import('./defs/motor757'),
  'plc-teste-embraer': () => import('./defs/plcTesteEmbraer'),
  'plc-teste': () => import('./defs/plcTeste'),
  'plc-teste2': () => import('./defs/plcTeste2'),
  plc: () => import('./defs/plc'),
  qta: () => import('./defs/qta'),
  scd: () => import('./defs/scd'),
  servelec: () => import('./defs/servelec'),
  'sinotico-qgbt': () => import('./defs/sinoticoQgbt'),
  subestacao: () => import('./defs/subestacao'),
  tfr: () => import('./defs/tfr'),
  transformer: () => import('./defs/transformer'),
  ups: () => import('./defs/ups'),
  usina: () => import('./defs/usina'),
  'unifilar-gerador': () => import('./defs/unifilarGerador'),
  'unifilar-gerador-qta': () => import('./defs/unifilarGeradorQta'),
  'unifilar-gerador-tfr': () => import('./defs/unifilarGeradorTfr'),
  'unifilar-tfr': () => import('./defs/unifilarTfr'),
  unifilar: () => import('./defs/unifilar'),
  // Device types whose demo devices have no overview configured: the site page
  // shows these when a device has none (the registry is keyed by render_html
  // and by device type).
  tanque: () => import('./defs/tanque'),
  batmon: () => import('./defs/batmon'),
} satisfies Record<string, Loader>;

export type PanelKey = keyof typeof PANEL_LOADERS;

/** Other spellings of a registered panel. */
export const PANEL_ALIASES: Readonly<Record<string, PanelKey>> = {
  'power-plant': 'usina',
  'geladeira-inversor': 'geladeira',
  'gerador-standard': 'gerador',
  'plc-teste-2': 'plc-teste2',
  trafo: 'transformer',
};

/** 'Base de Compressão ' → 'base-de-compressao' (lower case, no accents, hyphens). */
export function normalizePanelKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-{2,}/g, '-');
}

function isPanelKey(key: string): key is PanelKey {
  return Object.hasOwn(PANEL_LOADERS, key);
}

/** The registry key for a `render_html` (or a device type), or null when none is registered. */
export function resolvePanelKey(name: string | null | undefined): PanelKey | null {
  if (typeof name !== 'string') return null;
  const key = normalizePanelKey(name);
  if (key === '') return null;
  if (isPanelKey(key)) return key;
  return PANEL_ALIASES[key] ?? null;
}

export function loadPanel(key: PanelKey): Promise<PanelModule> {
  return PANEL_LOADERS[key]();
}

/**
 * Starts loading the panel a `render_html` names, when one is registered, so
 * its code arrives while the site's data is still on its way.
 */
export function preloadPanel(name: string | null | undefined): void {
  const key = resolvePanelKey(name);
  if (key) void loadPanel(key).catch(() => undefined);
}
