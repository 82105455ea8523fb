import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * PostgreSQL only. Every batch of readings moves its devices' `last_seen_at`
 * (2,000 updates a second at 20k devices). In full pages the new version of a
 * row went to another page, so each update also added an entry to every one
 * of the table's seven indexes: in a bench/fleet run at 20k devices 21 % of
 * the updates were HOT, 152,000 dead row versions lay beside 20,000 live ones,
 * and a system's 4,000 ids took 15–20 ms to read. With the pages half empty the update
 * stays on its page and leaves the indexes alone. The table is rewritten once
 * (`cluster`, a lock of the size of the device table) so existing pages follow.
 */
export function devicesFillfactorMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`alter table devices set (fillfactor = 50)`.execute(db);
      await sql`cluster devices using devices_pkey`.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`alter table devices reset (fillfactor)`.execute(db);
    },
  };
}
