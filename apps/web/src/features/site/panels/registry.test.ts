import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES, PLACE_OVERVIEWS } from '../../../../../server/src/seed/catalog';
import { buildFleet } from '../../../../../server/src/seed/fleet';
import { definitionProblem } from './definitionProblem';
import { PANEL_ALIASES, PANEL_LOADERS, type PanelKey, resolvePanelKey } from './registry';

/** Spec 001 §2 "Overview panels", as the spec names them. */
const SPEC_PANELS = [
  'arcos',
  'base de compressao',
  'industria',
  'posto',
  'tecnogres',
  'adam',
  'carreta consumo',
  'carreta estocagem',
  'geladeira',
  'gerador custom',
  'gerador energ',
  'gerador gl',
  'gerador qta',
  'gerador',
  'infos medidor',
  'io',
  'medidor',
  'motor 260',
  'motor 757',
  'plc teste embraer',
  'plc teste',
  'plc teste2',
  'plc',
  'qta',
  'scd',
  'servelec',
  'sinotico qgbt',
  'subestacao',
  'tfr',
  'transformer',
  'UPS',
  'power plant',
];

/** The single-line drawings of the same list, under their registry names. */
const SPEC_DIAGRAMS = {
  'generator single-line, three customer variants': [
    'unifilar-gerador',
    'unifilar-gerador-qta',
    'unifilar-gerador-tfr',
  ],
  'TFR single-line': ['unifilar-tfr'],
  'unifilar with two generators': ['unifilar'],
};

describe('panel registry (spec 001 "Overview panels")', () => {
  it.each(SPEC_PANELS)("'%s' is a registered panel", (name) => {
    expect(resolvePanelKey(name)).not.toBeNull();
  });

  it.each(Object.entries(SPEC_DIAGRAMS))('%s are registered', (_, keys) => {
    for (const key of keys) expect(resolvePanelKey(key)).toBe(key);
  });

  it('industria has variants sharing its blocks', () => {
    const variants = Object.keys(PANEL_LOADERS).filter((k) => k.startsWith('industria'));
    expect(variants.length).toBeGreaterThanOrEqual(3);
  });

  it('resolves every render_html the demo seed configures, for devices, plants and SCDs', () => {
    const fleet = buildFleet();
    const names = new Set<string>([
      ...DEVICE_TYPES.flatMap((def) => def.overviews.map(([, render]) => render)),
      ...fleet.devices.flatMap((d) => (d.panels ?? []).map(([, render]) => render)),
      ...Object.values(PLACE_OVERVIEWS).flatMap((list) => list.map(([, render]) => render)),
    ]);
    expect(names.size).toBeGreaterThan(15);
    const missing = [...names].filter((name) => resolvePanelKey(name) === null);
    expect(missing).toEqual([]);
  });

  it('a device type whose demo devices have no overview still has a panel', () => {
    const without = DEVICE_TYPES.filter((def) => def.overviews.length === 0).map((d) => d.tipo);
    expect(without.length).toBeGreaterThan(0);
    for (const tipo of without) expect(resolvePanelKey(tipo)).toBe(tipo);
  });

  it('normalises spelling: case, accents, spaces and underscores', () => {
    expect(resolvePanelKey('Base de Compressão')).toBe('base-de-compressao');
    expect(resolvePanelKey(' sinotico_qgbt ')).toBe('sinotico-qgbt');
    expect(resolvePanelKey('Subestação')).toBe('subestacao');
    expect(resolvePanelKey('power plant')).toBe('usina');
  });

  it('an unknown or empty name resolves to nothing', () => {
    expect(resolvePanelKey('painel-que-nao-existe')).toBeNull();
    expect(resolvePanelKey('')).toBeNull();
    expect(resolvePanelKey('   ')).toBeNull();
    expect(resolvePanelKey(null)).toBeNull();
    expect(resolvePanelKey('toString')).toBeNull();
  });

  it('every alias points at a registered panel', () => {
    for (const key of Object.values(PANEL_ALIASES)) expect(PANEL_LOADERS).toHaveProperty(key);
  });

  it.each(Object.keys(PANEL_LOADERS) as PanelKey[])(
    "'%s' loads a well-formed panel definition",
    async (key) => {
      const module = await PANEL_LOADERS[key]();
      expect(definitionProblem(module.default)).toBeNull();
    },
  );
});
