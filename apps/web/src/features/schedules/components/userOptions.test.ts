import { describe, expect, it } from 'vitest';
import { userLabel, userOptions } from './userOptions';

const admins = [
  { id: 5, nome: 'Marina Costa', login: 'marina.costa' },
  { id: 3, nome: 'Administrador Vigia', login: 'admin' },
];
const escala = (usuario_id: number, usuarioNome: string, usuarioLogin: string) => ({
  id: usuario_id * 10,
  usuario_id,
  usuarioNome,
  usuarioLogin,
  dia_semana: 0,
  entrada: '08:00',
  saida: '17:00',
});

describe('the users the schedule screen offers', () => {
  it('administrators and anyone already on a schedule, once each, by name', () => {
    const options = userOptions(admins, [
      escala(6, 'Rafael Lima', 'rafael.lima'),
      escala(5, 'Marina Costa', 'marina.costa'),
      escala(6, 'Rafael Lima', 'rafael.lima'),
    ]);
    expect(options.map((u) => u.id)).toEqual([3, 5, 6]);
  });

  it('without escalas, the administrators (spec 001 §6)', () => {
    expect(userOptions(admins).map(userLabel)).toEqual([
      'Administrador Vigia (admin)',
      'Marina Costa (marina.costa)',
    ]);
  });
});
