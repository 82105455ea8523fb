import type { Schedule, ScheduleAdmin } from '@vigia/contract';

export interface UserOption {
  id: number;
  nome: string;
  login: string;
}

/** Administrators first (spec 001 §6), then anyone else already on a schedule; by name. */
export function userOptions(
  admins: readonly ScheduleAdmin[],
  escalas: readonly Schedule[] = [],
): UserOption[] {
  const byId = new Map<number, UserOption>();
  for (const admin of admins) byId.set(admin.id, admin);
  for (const e of escalas) {
    if (!byId.has(e.usuario_id)) {
      byId.set(e.usuario_id, { id: e.usuario_id, nome: e.usuarioNome, login: e.usuarioLogin });
    }
  }
  return [...byId.values()].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

export const userLabel = (user: UserOption) => `${user.nome} (${user.login})`;
