import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { openDemoTestStore } from '../test/databaseTemplates.js';
import { DEVICE_TYPES } from './catalog.js';
import { ensureCatalog } from './catalogSeed.js';

const available = await testStoreAvailable();

/** The catalog as stored, without generated ids of lines and columns. */
async function catalogOf(store: Store) {
  const db = store.db;
  return {
    templates: await db.selectFrom('device_templates').selectAll().orderBy('id').execute(),
    rules: await db.selectFrom('alarm_rules').selectAll().orderBy('id').execute(),
    commands: await db
      .selectFrom('command_types')
      .select(['template_id', 'nome', 'parameter_id', 'comando'])
      .orderBy('id')
      .execute(),
    charts: await db.selectFrom('graphical_configs').selectAll().orderBy('id').execute(),
    lines: await db
      .selectFrom('graphical_lines')
      .select(['graphical_id', 'tag_nome', 'nome', 'cor', 'ordem'])
      .orderBy('id')
      .execute(),
    reports: await db.selectFrom('table_configs').selectAll().orderBy('id').execute(),
    columns: await db
      .selectFrom('table_columns')
      .select(['table_id', 'nome_coluna', 'key_coluna', 'ordem'])
      .orderBy('id')
      .execute(),
  };
}

describe.skipIf(!available)('the device catalog on a database without the demo', () => {
  let empty: Store;
  let demo: Store;

  beforeAll(async () => {
    [empty, demo] = await Promise.all([openTestStore('empty'), openDemoTestStore()]);
  });
  afterAll(async () => {
    await empty?.close();
    await demo?.close();
  });

  it('is written once, the same rows and ids as the demo has', async () => {
    expect(await ensureCatalog(empty)).toBe(true);
    expect(await ensureCatalog(empty)).toBe(false);
    expect(await ensureCatalog(demo)).toBe(false);
    const written = await catalogOf(empty);
    expect(written.templates).toHaveLength(DEVICE_TYPES.length);
    expect(written).toEqual(await catalogOf(demo));
    // A model added later takes the next id (PostgreSQL's sequence moved past the catalog's).
    const { id } = await empty.db
      .insertInto('device_templates')
      .values({ nome: 'Modelo novo', tipo: 'gerador' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(DEVICE_TYPES.length + 1);
  });
});
