import { randomBytes } from 'node:crypto';
import {
  DEFAULT_ESCALATION,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type EscalationSettings,
  type NotificationPreferences,
} from '@vigia/domain';
import type { Kysely } from 'kysely';
import { parseJson, toJson } from '../json.js';
import type { Database } from '../schema.js';

type Db = Kysely<Database>;

export interface StoredPreferences {
  prefs: NotificationPreferences;
  /** Key of the webhook signature; null until the user saved preferences once. */
  webhookSecret: string | null;
}

/** Saved fields over the defaults, so a field added later has its default. */
export const preferencesOf = (text: string | null | undefined): NotificationPreferences => ({
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  ...parseJson<Partial<NotificationPreferences>>(text, {}),
});

export async function readPreferences(db: Db, userId: number): Promise<StoredPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['prefs', 'webhook_secret'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { prefs: preferencesOf(row?.prefs), webhookSecret: row?.webhook_secret ?? null };
}

/** Writes a user's preferences; the webhook key is made on the first save and kept. */
export async function savePreferences(
  db: Db,
  userId: number,
  prefs: NotificationPreferences,
  now: number,
): Promise<StoredPreferences> {
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, prefs: toJson(prefs), webhook_secret: secret, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ prefs: toJson(prefs), updated_at: now }))
    .execute();
  return readPreferences(db, userId);
}

export async function readEscalation(db: Db, systemId: number): Promise<EscalationSettings> {
  const row = await db
    .selectFrom('escalation_settings')
    .selectAll()
    .where('system_id', '=', systemId)
    .executeTakeFirst();
  if (!row) return DEFAULT_ESCALATION;
  return {
    ativo: row.ativo === 1,
    criticoMinimo: row.critico_minimo,
    minutosPlantao: row.minutos_plantao,
    minutosAdministradores: row.minutos_administradores,
  };
}

/** Writes a system's escalation and its audit row in one transaction. */
export async function saveEscalation(
  db: Db,
  systemId: number,
  settings: EscalationSettings,
  by: { userId: number; now: number },
): Promise<void> {
  const values = {
    ativo: settings.ativo ? (1 as const) : (0 as const),
    critico_minimo: settings.criticoMinimo,
    minutos_plantao: settings.minutosPlantao,
    minutos_administradores: settings.minutosAdministradores,
    updated_at: by.now,
    updated_by: by.userId,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('escalation_settings')
      .values({ system_id: systemId, ...values })
      .onConflict((oc) => oc.column('system_id').doUpdateSet(values))
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        ts: by.now,
        user_id: by.userId,
        action: 'notificacao.escalonamento.configurar',
        entity: 'sistema',
        entity_id: String(systemId),
        system_id: systemId,
        device_id: null,
        details: toJson({ system_id: systemId, ...settings }),
      })
      .execute();
  });
}
