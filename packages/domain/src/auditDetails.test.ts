import { describe, expect, it } from 'vitest';
import { type AuditNames, auditDetailsText } from './auditDetails.js';

/** The details as the server writes them: `JSON.stringify` of what it audits. */
const json = (details: Record<string, unknown>) => JSON.stringify(details);

const NAMES: AuditNames = {
  sistemas: new Map([
    [1, 'Norte Geração'],
    [2, 'Sul Energia'],
  ]),
  empresas: new Map([[1, 'Energia Norte']]),
  modelos: new Map([[1, 'GMG Stemac 500 kVA']]),
  usinas: new Map([[4, 'UTE Belém']]),
  scds: new Map([[7, 'SCD Icoaraci']]),
};

describe('auditDetailsText: administration (store/admin)', () => {
  it.each([
    [
      'the first run names the administrator and where it was done',
      'admin.configuracao-inicial',
      json({ login: 'raiz', via: 'console' }),
      'Login: raiz; Origem: Console',
    ],
    [
      'a company by its name',
      'admin.empresa.criar',
      json({ nome: 'Energia Norte' }),
      'Nome: Energia Norte',
    ],
    [
      'a new system: its company by name, no features as —',
      'admin.sistema.criar',
      json({ system_id: 3, nome: 'Norte Geração', empresaId: 1, recursos: [] }),
      'Nome: Norte Geração; Empresa: Energia Norte; Recursos: —',
    ],
    [
      "a system's home and features as the administration screen names them",
      'admin.sistema.alterar',
      json({ system_id: 3, home: 'cluster', recursos: ['combustivel', 'gps'] }),
      'Página inicial: Home do cluster; Recursos: Combustível, GPS',
    ],
    [
      "a system's home set back to the console's default",
      'admin.sistema.alterar',
      json({ system_id: 3, home: null }),
      'Página inicial: —',
    ],
    [
      'a new plant: its kind, address and coordinates with a decimal comma',
      'admin.local.criar',
      json({
        system_id: 1,
        tipo: 'usina',
        nome: 'UTE Belém',
        endereco: 'Rod. Arthur Bernardes, 1000',
        uf: 'PA',
        lat: -1.38,
        lon: -48.45,
      }),
      'Tipo: Usina; Nome: UTE Belém; Endereço: Rod. Arthur Bernardes, 1000; UF: PA; Latitude: -1,38; Longitude: -48,45',
    ],
    [
      "an SCD's plant by its name",
      'admin.local.criar',
      json({ system_id: 1, tipo: 'scd', nome: 'SCD Icoaraci', usinaId: 4, uf: 'PA' }),
      'Tipo: SCD; Nome: SCD Icoaraci; Usina: UTE Belém; UF: PA',
    ],
    [
      "a place's cleared address as —",
      'admin.local.alterar',
      json({ system_id: 1, tipo: 'venue', nome: 'Arena', endereco: null }),
      'Tipo: Venue; Nome: Arena; Endereço: —',
    ],
    [
      'a removed place',
      'admin.local.remover',
      json({ system_id: 1, tipo: 'scd', nome: 'SCD Icoaraci' }),
      'Tipo: SCD; Nome: SCD Icoaraci',
    ],
    [
      'a new user: systems by name, rights as Sim/Não, no e-mail left out',
      'admin.usuario.criar',
      json({
        system_id: 1,
        login: 'joana.norte',
        nome: 'Joana Norte',
        email: null,
        sistemas: [1, 2],
        comando: false,
        administrador: true,
        administradorPlataforma: false,
      }),
      'Login: joana.norte; Nome: Joana Norte; Sistemas: Norte Geração, Sul Energia; Pode enviar comandos: Não; Administrador: Sim; Administrador da plataforma: Não',
    ],
    [
      "a user's cleared e-mail as —",
      'admin.usuario.alterar',
      json({ system_id: 1, login: 'joana.norte', email: null, comando: true }),
      'Login: joana.norte; E-mail: —; Pode enviar comandos: Sim',
    ],
    [
      'a blocked user',
      'admin.usuario.bloquear',
      json({ system_id: 1, login: 'joana.norte', bloqueado: true }),
      'Login: joana.norte; Bloqueado: Sim',
    ],
    [
      'a temporary password: whose, in which systems',
      'admin.usuario.senha',
      json({ system_id: 1, login: 'joana.norte', sistemas: [1] }),
      'Login: joana.norte; Sistemas: Norte Geração',
    ],
  ])('%s', (_, action, details, text) => {
    expect(auditDetailsText(action, details, NAMES)).toBe(text);
  });

  const newDevice = {
    system_id: 1,
    device_id: 12,
    nome: 'GMG Belém 3',
    patrimonio: 'BEL-0003',
    modeloId: 1,
    tipo: 'gerador',
    systemId: 1,
    usinaId: 4,
    scdId: null,
    venueId: null,
    localNome: 'UTE Belém',
    uf: 'PA',
    lat: -1.38,
    lon: -48.45,
  };

  it.each(['admin.dispositivo.criar', 'admin.dispositivo.importar'])(
    '%s: a device by model, type and site, without its system or plant ids',
    (action) => {
      expect(auditDetailsText(action, json(newDevice), NAMES)).toBe(
        'Nome: GMG Belém 3; Patrimônio: BEL-0003; Modelo: GMG Stemac 500 kVA; Tipo: Gerador; Local: UTE Belém; UF: PA; Latitude: -1,38; Longitude: -48,45',
      );
    },
  );

  it('a device moved to an SCD without a site name names the SCD', () => {
    expect(
      auditDetailsText(
        'admin.dispositivo.alterar',
        json({ system_id: 1, device_id: 12, usinaId: 4, scdId: 7, venueId: null }),
        NAMES,
      ),
    ).toBe('Usina: UTE Belém; SCD: SCD Icoaraci; Venue: —');
  });

  it('a removed device by name and patrimônio', () => {
    expect(
      auditDetailsText(
        'admin.dispositivo.remover',
        json({ system_id: 1, device_id: 12, nome: 'GMG Belém 3', patrimonio: 'BEL-0003' }),
      ),
    ).toBe('Nome: GMG Belém 3; Patrimônio: BEL-0003');
  });

  it("a device key: 'Primeira emissão', then 'Troca de chave'", () => {
    const key = (rotacao: boolean) =>
      auditDetailsText(
        'admin.dispositivo.credenciais',
        json({ system_id: 1, device_id: 12, rotacao }),
      );
    expect(key(false)).toBe('Primeira emissão');
    expect(key(true)).toBe('Troca de chave');
  });

  it("a device's rule override: only the fields that changed, an unset one follows the model", () => {
    expect(
      auditDetailsText(
        'admin.dispositivo.regras',
        json({
          system_id: 1,
          device_id: 12,
          regra: 1,
          antes: { limite: null, atraso: null, critico: null, mensagem: null },
          depois: { limite: 50, atraso: null, critico: null, mensagem: 'Óleo acima de 50 °C' },
        }),
      ),
    ).toBe('Limite: do modelo → 50; Mensagem: do modelo → Óleo acima de 50 °C');
  });

  it('a rule change names the rule first, as the rules screen showed it before the change', () => {
    expect(
      auditDetailsText(
        'admin.dispositivo.regras',
        json({
          system_id: 1,
          device_id: 12,
          regra: 1,
          regraNome: 'Alta temperatura do óleo',
          antes: { limite: null, atraso: null, critico: null, mensagem: null },
          depois: { limite: 50, atraso: null, critico: null, mensagem: 'Óleo acima de 50 °C' },
        }),
      ),
    ).toBe(
      'Regra: Alta temperatura do óleo; Limite: do modelo → 50; Mensagem: do modelo → Óleo acima de 50 °C',
    );
    expect(
      auditDetailsText(
        'admin.modelo.regras',
        json({
          antes: { limite: 105, atraso: 0, critico: 20, mensagem: 'Alta temperatura do óleo' },
          depois: { limite: 102.5, atraso: 0, critico: 20, mensagem: 'Alta temperatura do óleo' },
          regra: 9,
          regraNome: 'Alta temperatura do óleo',
        }),
      ),
    ).toBe('Regra: Alta temperatura do óleo; Limite: 105 → 102,5');
  });

  it("a model's rule: delay in seconds, decimals with a comma, a bit rule's limit as —", () => {
    expect(
      auditDetailsText(
        'admin.modelo.regras',
        json({
          regra: 9,
          antes: { limite: 105, atraso: 0, critico: 20, mensagem: 'Alta temperatura do óleo' },
          depois: { limite: 102.5, atraso: 90, critico: 20, mensagem: 'Alta temperatura do óleo' },
        }),
      ),
    ).toBe('Limite: 105 → 102,5; Atraso: 0 segundos → 90 segundos');
    expect(
      auditDetailsText(
        'admin.modelo.regras',
        json({
          regra: 10,
          antes: { limite: null, atraso: 0, critico: 10, mensagem: 'Falha' },
          depois: { limite: null, atraso: 0, critico: 30, mensagem: 'Falha' },
        }),
      ),
    ).toBe('Criticidade: 10 → 30');
  });

  it("an id the console cannot name reads 'nº', a user's unknown systems by count", () => {
    expect(
      auditDetailsText(
        'admin.sistema.criar',
        json({ system_id: 5, nome: 'Oeste', empresaId: 8, recursos: ['prime'] }),
      ),
    ).toBe('Nome: Oeste; Empresa: nº 8; Recursos: Geradores prime');
    expect(
      auditDetailsText(
        'admin.usuario.senha',
        json({ system_id: 1, login: 'ana', sistemas: [1, 9, 10] }),
        NAMES,
      ),
    ).toBe('Login: ana; Sistemas: Norte Geração e mais 2');
    expect(
      auditDetailsText('admin.usuario.senha', json({ system_id: 1, login: 'ana', sistemas: [1] })),
    ).toBe('Login: ana; Sistemas: 1 sistema');
  });
});

describe('auditDetailsText: alarms (store/alarms, occurrences, comments)', () => {
  const at = { system_id: 1, device_id: 12 };

  it.each([
    ['occurrence.raise', json({ ...at, valor: 1234.5 }), 'Valor: 1.234,5'],
    ['occurrence.repeat', json({ ...at, repeatCount: 3 }), 'Repetições: 3'],
    ['occurrence.clear', json(at), ''],
    ['occurrence.acknowledge', json(at), ''],
    [
      'occurrence.shelve',
      json({ ...at, ate: 1_767_225_600, motivo: 'Manutenção do radiador' }),
      'Suprimido até: 31/12/2025 21:00:00; Motivo: Manutenção do radiador',
    ],
    ['occurrence.unshelve', json(at), ''],
    ['occurrence.unshelve', json({ ...at, expirou: true }), 'Fim do prazo de supressão'],
    ['occurrence.out_of_service', json(at), ''],
    ['occurrence.reason', json({ ...at, motivo: 'Falha de sensor' }), 'Motivo: Falha de sensor'],
    ['occurrence.comment', json({ comment_id: 31, ...at }), ''],
    [
      'occurrence.comment.delete',
      json({ comment_id: 31, ...at, texto: 'Equipe a caminho' }),
      'Comentário: Equipe a caminho',
    ],
    [
      'device.out_of_service',
      json({ system_id: 1, motivo: 'Troca de bateria', ocorrencias: [40, 41, 45] }),
      'Motivo: Troca de bateria; Alarmes afetados: 3',
    ],
    ['device.out_of_service', json({ system_id: 1, motivo: null, ocorrencias: [] }), ''],
    ['device.in_service', json({ system_id: 1, ocorrencias: [40] }), 'Alarmes afetados: 1'],
  ])('%s %s → %j', (action, details, text) => {
    expect(auditDetailsText(action, details)).toBe(text);
  });
});

describe('auditDetailsText: commands (commandService)', () => {
  const sent = { endereco: '10.1.2.3', commandId: 77, comandoId: 4 };

  it.each([
    [
      'comando.enviado',
      { ...sent, resultado: 'enviado' },
      'Endereço IP: 10.1.2.3; Resultado: Enviado',
    ],
    [
      'comando.enviado',
      { ...sent, resultado: 'repetido: não reenviado' },
      'Endereço IP: 10.1.2.3; Resultado: Repetido: não reenviado',
    ],
    [
      'comando.recusado',
      { ...sent, commandId: null, resultado: 'sem direito' },
      'Endereço IP: 10.1.2.3; Resultado: Usuário sem direito a comandos',
    ],
    [
      'comando.recusado',
      { ...sent, commandId: null, resultado: 'dispositivo fora do usuário' },
      'Endereço IP: 10.1.2.3; Resultado: Dispositivo fora dos sistemas do usuário',
    ],
    [
      'comando.recusado',
      { ...sent, commandId: null, resultado: 'sem confirmação de senha' },
      'Endereço IP: 10.1.2.3; Resultado: Sem confirmação de senha',
    ],
    [
      'comando.estado',
      { endereco: null, commandId: 77, comandoId: null, resultado: 'status 2' },
      'Resultado: Finalizado',
    ],
    [
      'comando.estado',
      { endereco: null, commandId: 77, comandoId: null, resultado: 'status 3' },
      'Resultado: Finalizado com falha',
    ],
    [
      'comando.estado',
      { endereco: null, commandId: 77, comandoId: null, resultado: 'expirado' },
      'Resultado: Expirado: sem resposta do dispositivo',
    ],
  ])('%s %j', (action, details, text) => {
    expect(auditDetailsText(action, json(details))).toBe(text);
  });

  it.each([
    [
      'comando.enviado',
      { ...sent, comandoNome: 'Partir GMG', resultado: 'enviado' },
      'Comando: Partir GMG; Endereço IP: 10.1.2.3; Resultado: Enviado',
    ],
    [
      'comando.recusado',
      { ...sent, commandId: null, comandoNome: 'Parar GMG', resultado: 'sem direito' },
      'Comando: Parar GMG; Endereço IP: 10.1.2.3; Resultado: Usuário sem direito a comandos',
    ],
    [
      'comando.recusado',
      { ...sent, commandId: null, comandoNome: null, resultado: 'comando inexistente' },
      'Endereço IP: 10.1.2.3; Resultado: Comando inexistente',
    ],
    [
      'comando.estado',
      {
        endereco: null,
        commandId: 77,
        comandoId: null,
        comandoNome: 'Partir GMG',
        resultado: 'status 2',
      },
      'Comando: Partir GMG; Resultado: Finalizado',
    ],
  ])('names the command first: %s %j', (action, details, text) => {
    expect(auditDetailsText(action, json(details))).toBe(text);
  });
});

describe('auditDetailsText: notifications (escalation)', () => {
  it("a system's escalation as its screen names it", () => {
    expect(
      auditDetailsText(
        'notificacao.escalonamento.configurar',
        json({
          system_id: 1,
          ativo: true,
          criticoMinimo: 17,
          minutosPlantao: 15,
          minutosAdministradores: 30,
        }),
      ),
    ).toBe(
      'Escalonamento ativo: Sim; Alarmes escalonados: Somente alarmes críticos; Minutos até o plantão: 15; Mais minutos até os administradores: 30',
    );
    expect(
      auditDetailsText(
        'notificacao.escalonamento.configurar',
        json({
          system_id: 1,
          ativo: false,
          criticoMinimo: 0,
          minutosPlantao: 5,
          minutosAdministradores: 10,
        }),
      ),
    ).toContain('Alarmes escalonados: Todos os alarmes');
  });

  it('an escalated alarm: how many were told, never their ids', () => {
    expect(
      auditDetailsText(
        'notificacao.escalonamento.plantao',
        json({ etapa: 1, usuarios: [3, 8], mensagens: 2 }),
      ),
    ).toBe('Usuários avisados: 2; Mensagens: 2');
    expect(
      auditDetailsText(
        'notificacao.escalonamento.administradores',
        json({ etapa: 2, usuarios: [], mensagens: 0 }),
      ),
    ).toBe('Usuários avisados: nenhum; Mensagens: 0');
  });
});

describe('auditDetailsText: what it was not told about', () => {
  it('shows text that is not JSON as it is', () => {
    expect(auditDetailsText('admin.empresa.criar', '{nome: quebrado')).toBe('{nome: quebrado');
    expect(auditDetailsText('occurrence.raise', 'texto livre')).toBe('texto livre');
  });

  it('is empty without details', () => {
    expect(auditDetailsText('occurrence.clear', null)).toBe('');
    expect(auditDetailsText('occurrence.clear', '')).toBe('');
    expect(auditDetailsText('occurrence.clear', '{}')).toBe('');
  });

  it('reads JSON that is not an object as its value', () => {
    expect(auditDetailsText('x', '[1.5, true]')).toBe('1,5, Sim');
    expect(auditDetailsText('x', '"pronto"')).toBe('pronto');
    expect(auditDetailsText('x', 'null')).toBe('');
  });

  it('reads a key nobody labelled as words, nested values included', () => {
    expect(
      auditDetailsText(
        'admin.futuro',
        json({ novoCampo: 2.25, outro_campo: false, lista: ['a', 'b'], grupo: { subCampo: 1 } }),
      ),
    ).toBe('Novo campo: 2,25; Outro campo: Não; Lista: a, b; Grupo: (Sub campo: 1)');
  });

  it("takes a key named like an object's own property for an unknown key", () => {
    expect(
      auditDetailsText('x', '{"constructor": 1, "toString": "a", "__proto__": {"b": 2}}'),
    ).toBe('Constructor: 1; To string: a; Proto: (B: 2)');
  });

  it("words a command result it does not know with a capital, and 'constructor' too", () => {
    expect(auditDetailsText('comando.recusado', json({ resultado: 'constructor' }))).toBe(
      'Resultado: Constructor',
    );
  });
});
