import { ADMIN_MESSAGES, ALARM_RULE_BOUNDS, AUDIT_PAGE, SYSTEM_FEATURES } from '@vigia/domain';
import { z } from 'zod';
import { queryFlag } from './devices.js';
import { bodyId, queryId } from './ids.js';
import { defineRoute } from './route.js';
import { MIN_PASSWORD_LENGTH } from './user.js';

/** A name typed by an administrator: trimmed, 1 to 120 characters. */
const name = z.string().trim().min(1, 'Informe o nome.').max(120);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const idParams = z.object({ id: queryId });
const uf = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'UF com duas letras.');
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export const empresa = z.object({
  id: z.number().int(),
  nome: z.string(),
  /** How many systems the company has. */
  sistemas: z.number().int(),
});
export type Empresa = z.infer<typeof empresa>;
export const empresaInput = z.object({ nome: name });

export const SYSTEM_HOMES = ['geradores', 'cluster'] as const;

export const sistemaAdmin = z.object({
  id: z.number().int(),
  nome: z.string(),
  empresaId: z.number().int(),
  empresa: z.string(),
  /** The route the system opens on; null: the systems home. */
  home: z.enum(SYSTEM_HOMES).nullable(),
  recursos: z.array(z.enum(SYSTEM_FEATURES)),
});
export type SistemaAdmin = z.infer<typeof sistemaAdmin>;
export const sistemaInput = z.object({
  nome: name,
  empresaId: bodyId,
  home: z.enum(SYSTEM_HOMES).nullable().optional(),
  recursos: z.array(z.enum(SYSTEM_FEATURES)).max(SYSTEM_FEATURES.length).optional(),
});
export const sistemaPatch = sistemaInput.partial();

/** Kinds of place: plants, SCDs (substations) and venues. */
export const PLACE_KINDS = ['usina', 'scd', 'venue'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export const local = z.object({
  id: z.number().int(),
  tipo: z.enum(PLACE_KINDS),
  nome: z.string(),
  sisId: z.number().int(),
  endereco: z.string().nullable(),
  uf: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** An SCD's plant. */
  usinaId: z.number().int().nullable(),
  /** Devices placed here. */
  dispositivos: z.number().int(),
});
export type Local = z.infer<typeof local>;
export const localInput = z.object({
  tipo: z.enum(PLACE_KINDS),
  nome: name,
  sisId: bodyId,
  endereco: optionalText(240),
  uf: uf.nullable().optional(),
  lat: latitude.nullable().optional(),
  lon: longitude.nullable().optional(),
  usinaId: bodyId.nullable().optional(),
});
export const localPatch = localInput.omit({ tipo: true, sisId: true }).partial();
/** `?tipo=`: plants, SCDs and venues number their ids apart, so an id names a place with its kind. */
export const localKindQuery = z.object({ tipo: z.enum(PLACE_KINDS) });
export const localListQuery = z.object({
  sisId: queryId.optional(),
  tipo: z.enum(PLACE_KINDS).optional(),
});

export const usuarioAdmin = z.object({
  id: z.number().int(),
  nome: z.string(),
  login: z.string(),
  email: z.string().nullable(),
  /** The systems the user holds (the tenancy boundary of everything they read). */
  sistemas: z.array(z.number().int()),
  /** May send remote commands (right 1). */
  comando: z.boolean(),
  /** Administers the systems they hold. */
  administrador: z.boolean(),
  administradorPlataforma: z.boolean(),
  bloqueado: z.boolean(),
  /** Holds a temporary password to change at the next sign-in. */
  trocarSenha: z.boolean(),
});
export type UsuarioAdmin = z.infer<typeof usuarioAdmin>;
const login = z
  .string()
  .trim()
  .min(3, 'O login deve ter ao menos 3 caracteres.')
  .max(60)
  .regex(/^[A-Za-z0-9._@-]+$/, 'Use letras, números, ponto, hífen, _ ou @.');
export const usuarioInput = z.object({
  nome: name,
  login,
  email: z.email('E-mail inválido.').max(200).nullable().optional(),
  sistemas: z.array(bodyId).min(1, ADMIN_MESSAGES.systemsRequired).max(500),
  comando: z.boolean().optional(),
  administrador: z.boolean().optional(),
  administradorPlataforma: z.boolean().optional(),
  bloqueado: z.boolean().optional(),
});
export const usuarioPatch = usuarioInput.omit({ login: true }).partial();
/** A temporary password, shown once. */
export const temporaryPassword = z.object({
  usuario: usuarioAdmin,
  senhaTemporaria: z.string(),
  mensagem: z.string(),
});

export const modelo = z.object({ id: z.number().int(), nome: z.string(), tipo: z.string() });

export const dispositivoAdmin = z.object({
  id: z.number().int(),
  nome: z.string(),
  patrimonio: z.string(),
  tipo: z.string(),
  modeloId: z.number().int(),
  modelo: z.string(),
  sisId: z.number().int(),
  usinaId: z.number().int().nullable(),
  scdId: z.number().int().nullable(),
  venueId: z.number().int().nullable(),
  /** The site's name as lists show it. */
  localNome: z.string(),
  uf: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** Holds a key (the key itself is never shown again). */
  credencial: z.boolean(),
  /** Epoch seconds of the last reading, null if it never reported. */
  ultimaLeitura: z.number().nullable(),
});
export type DispositivoAdmin = z.infer<typeof dispositivoAdmin>;
export const dispositivoInput = z.object({
  nome: name,
  patrimonio: z.string().trim().min(1, 'Informe o patrimônio.').max(60),
  modeloId: bodyId,
  sisId: bodyId,
  usinaId: bodyId.nullable().optional(),
  scdId: bodyId.nullable().optional(),
  venueId: bodyId.nullable().optional(),
  localNome: optionalText(120),
  uf: uf.optional(),
  lat: latitude.nullable().optional(),
  lon: longitude.nullable().optional(),
});
export const dispositivoPatch = dispositivoInput.omit({ modeloId: true, sisId: true }).partial();
export const dispositivoListQuery = z.object({
  sisId: queryId.optional(),
  filtro: z.string().trim().max(120).optional(),
});

/** A device's new key, shown once: for `POST /api/ingest` and, with the own broker, its MQTT password. */
export const deviceCredentials = z.object({
  dispositivo: z.number().int(),
  chave: z.string(),
  /** The device's MQTT user on the project's broker (its password is the key); null without it. */
  usuarioMqtt: z.string().nullable(),
  /** The own broker's port (VIGIA_BROKER_PORT); null without it. */
  portaMqtt: z.number().int().nullable(),
  topicoLeituras: z.string(),
  mensagem: z.string(),
});

export const saved = z.object({ mensagem: z.string() });

/** `POST /api/admin/dispositivos/importar`: the system the file's devices go to; `simular=1` writes nothing. */
export const deviceImportQuery = z.object({ sisId: queryId, simular: queryFlag.optional() });
export const deviceImportRow = z.object({
  /** The file's line (the header is line 1). */
  linha: z.number().int(),
  nome: z.string(),
  patrimonio: z.string(),
  modelo: z.string(),
  local: z.string(),
  /** What is wrong with it (pt-BR); empty: it would be created. */
  erros: z.array(z.string()),
});
export const deviceImportResult = z.object({
  simulacao: z.boolean(),
  linhas: z.array(deviceImportRow),
  /** Rows without a problem. */
  validas: z.number().int(),
  comErro: z.number().int(),
  /** The ids created (empty in a simulation). */
  criados: z.array(z.number().int()),
  mensagem: z.string(),
});
export type DeviceImportResult = z.infer<typeof deviceImportResult>;

export const ALARM_RULE_KINDS = ['threshold', 'bit', 'communication'] as const;

/** An alarm rule's editable values (domain `AlarmRuleValues`): limit, on-delay (s), criticality, message. */
const regraValores = z.object({
  /** Threshold: the value compared; communication: seconds of silence; bit: null. */
  limite: z.number().nullable(),
  atraso: z.number().int(),
  critico: z.number().int(),
  mensagem: z.string(),
});
export const regraAlarme = regraValores.extend({
  id: z.number().int(),
  tipo: z.enum(ALARM_RULE_KINDS),
  /** The reading the rule watches (null: communication). */
  leitura: z.string().nullable(),
  /** '>', '<' … of a threshold rule. */
  operador: z.string().nullable(),
  /** A bit rule's mask. */
  bit: z.number().int().nullable(),
  /** An event rule: a record, never an active alarm. */
  evento: z.boolean(),
});
export type RegraAlarme = z.infer<typeof regraAlarme>;
export const modeloRegras = z.object({
  modelo: modelo,
  regras: z.array(regraAlarme),
});
export type ModeloRegras = z.infer<typeof modeloRegras>;
/** A device's rule: its values in force, its model's, and which fields it overrides. */
export const regraDispositivo = regraAlarme.extend({
  modelo: regraValores,
  /** The device's own values; a null field is the model's. */
  sobreposicao: z.object({
    limite: z.number().nullable(),
    atraso: z.number().int().nullable(),
    critico: z.number().int().nullable(),
    mensagem: z.string().nullable(),
  }),
});
export type RegraDispositivo = z.infer<typeof regraDispositivo>;
export const dispositivoRegras = z.object({
  dispositivo: z.number().int(),
  sisId: z.number().int(),
  modelo: modelo,
  regras: z.array(regraDispositivo),
});
export type DispositivoRegras = z.infer<typeof dispositivoRegras>;

const B = ALARM_RULE_BOUNDS;
const limiteInput = z.number().min(-1e12).max(1e12);
const DELAY_TEXT = `O atraso deve ser um número inteiro de 0 a ${B.maxDelaySeconds} segundos.`;
const CRITICO_TEXT = `A criticidade deve ser um número inteiro de ${B.criticoMin} a ${B.criticoMax}.`;
const atrasoInput = z
  .number()
  .int(DELAY_TEXT)
  .min(0, DELAY_TEXT)
  .max(B.maxDelaySeconds, DELAY_TEXT);
const criticoInput = z
  .number()
  .int(CRITICO_TEXT)
  .min(B.criticoMin, CRITICO_TEXT)
  .max(B.criticoMax, CRITICO_TEXT);
const mensagemInput = z
  .string()
  .trim()
  .min(1, 'Informe a mensagem do alarme.')
  .max(B.messageMax, `A mensagem deve ter até ${B.messageMax} caracteres.`);
/** `PUT /api/admin/modelos/{id}/regras`: the listed rules take these values; the others stay. */
export const modelRulesInput = z.object({
  regras: z
    .array(
      z.object({
        id: bodyId,
        limite: limiteInput.nullable(),
        atraso: atrasoInput,
        critico: criticoInput,
        mensagem: mensagemInput,
      }),
    )
    .min(1, 'Envie ao menos uma regra.')
    .max(500),
});
/**
 * `PUT /api/admin/dispositivos/{id}/regras`: the device's overrides, all of them
 * (a rule left out, or with every field null, follows its model again).
 */
export const deviceRulesInput = z.object({
  regras: z
    .array(
      z.object({
        id: bodyId,
        limite: limiteInput.nullable().optional(),
        atraso: atrasoInput.nullable().optional(),
        critico: criticoInput.nullable().optional(),
        mensagem: mensagemInput.nullable().optional(),
      }),
    )
    .max(500),
});

/** `POST /api/configuracao-inicial`: the one-time code from the server's log and the first administrator. */
export const firstRunRequest = z
  .object({
    codigo: z.string().trim().min(1, 'Informe o código.').max(100),
    nome: name,
    login,
    senha: z
      .string()
      .min(MIN_PASSWORD_LENGTH, 'A senha deve ter pelo menos 8 caracteres.')
      .max(200),
    confirmacao: z.string().max(200),
  })
  .refine((v) => v.senha === v.confirmacao, {
    message: 'As senhas não conferem.',
    path: ['confirmacao'],
  });
export type FirstRunRequest = z.input<typeof firstRunRequest>;
export const firstRunState = z.object({ pendente: z.boolean() });

const TAGS = ['administração'];
const ADMIN_ERRORS = {
  400: 'Dados inválidos',
  401: 'Sem sessão válida',
  403: 'Não é administrador (ou só da plataforma)',
  404: 'Fora dos sistemas administrados',
} as const;
const WRITE_ERRORS = { ...ADMIN_ERRORS, 409: 'Nome, login ou patrimônio já em uso' } as const;

export const ADMIN_API = {
  firstRunState: defineRoute({
    method: 'GET',
    path: '/api/configuracao-inicial',
    public: true,
    answer: firstRunState,
    errors: {},
    tags: TAGS,
    summary: 'Se a configuração inicial (primeiro administrador) ainda está pendente',
  }),
  firstRun: defineRoute({
    method: 'POST',
    path: '/api/configuracao-inicial',
    public: true,
    body: firstRunRequest,
    answer: saved,
    status: 201,
    errors: {
      400: 'Dados inválidos ou código errado',
      409: 'Já existe um administrador',
      429: 'Tentativas demais',
    },
    tags: TAGS,
    summary: 'Cria o primeiro administrador da plataforma com o código escrito no log do servidor',
  }),
  companies: defineRoute({
    method: 'GET',
    path: '/api/admin/empresas',
    answer: z.array(empresa),
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Empresas: todas (plataforma) ou as dos sistemas administrados',
  }),
  createCompany: defineRoute({
    method: 'POST',
    path: '/api/admin/empresas',
    body: empresaInput,
    answer: empresa,
    status: 201,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Cria uma empresa (administrador da plataforma)',
  }),
  company: defineRoute({
    method: 'GET',
    path: '/api/admin/empresas/{id}',
    params: idParams,
    answer: empresa,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Uma empresa',
  }),
  editCompany: defineRoute({
    method: 'PATCH',
    path: '/api/admin/empresas/{id}',
    params: idParams,
    body: empresaInput,
    answer: empresa,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Renomeia uma empresa (administrador da plataforma)',
  }),
  systems: defineRoute({
    method: 'GET',
    path: '/api/admin/sistemas',
    answer: z.array(sistemaAdmin),
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Sistemas: todos (plataforma) ou os administrados',
  }),
  createSystem: defineRoute({
    method: 'POST',
    path: '/api/admin/sistemas',
    body: sistemaInput,
    answer: sistemaAdmin,
    status: 201,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Cria um sistema numa empresa (administrador da plataforma)',
  }),
  system: defineRoute({
    method: 'GET',
    path: '/api/admin/sistemas/{id}',
    params: idParams,
    answer: sistemaAdmin,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Um sistema',
  }),
  editSystem: defineRoute({
    method: 'PATCH',
    path: '/api/admin/sistemas/{id}',
    params: idParams,
    body: sistemaPatch,
    answer: sistemaAdmin,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Altera nome, empresa, página inicial e recursos (administrador da plataforma)',
  }),
  places: defineRoute({
    method: 'GET',
    path: '/api/admin/locais',
    query: localListQuery,
    answer: z.array(local),
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Usinas, SCDs e venues dos sistemas administrados',
  }),
  createPlace: defineRoute({
    method: 'POST',
    path: '/api/admin/locais',
    body: localInput,
    answer: local,
    status: 201,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Cria uma usina, SCD ou venue',
  }),
  place: defineRoute({
    method: 'GET',
    path: '/api/admin/locais/{id}',
    params: idParams,
    query: localKindQuery,
    answer: local,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Um local (`tipo` diz de que tabela é o id)',
  }),
  editPlace: defineRoute({
    method: 'PATCH',
    path: '/api/admin/locais/{id}',
    params: idParams,
    query: localKindQuery,
    body: localPatch,
    answer: local,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Altera um local',
  }),
  removePlace: defineRoute({
    method: 'DELETE',
    path: '/api/admin/locais/{id}',
    params: idParams,
    query: localKindQuery,
    answer: saved,
    errors: { ...ADMIN_ERRORS, 409: 'O local tem dispositivos' },
    tags: TAGS,
    summary: 'Remove um local sem dispositivos',
  }),
  users: defineRoute({
    method: 'GET',
    path: '/api/admin/usuarios',
    query: z.object({ sisId: queryId.optional() }),
    answer: z.array(usuarioAdmin),
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Usuários dos sistemas administrados',
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/api/admin/usuarios',
    body: usuarioInput,
    answer: temporaryPassword,
    status: 201,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Cria um usuário com uma senha temporária (mostrada uma vez)',
  }),
  user: defineRoute({
    method: 'GET',
    path: '/api/admin/usuarios/{id}',
    params: idParams,
    answer: usuarioAdmin,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Um usuário',
  }),
  editUser: defineRoute({
    method: 'PATCH',
    path: '/api/admin/usuarios/{id}',
    params: idParams,
    body: usuarioPatch,
    answer: usuarioAdmin,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Altera nome, e-mail, sistemas, direitos ou bloqueio (bloquear encerra as sessões)',
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/admin/usuarios/{id}/senha',
    params: idParams,
    answer: temporaryPassword,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Nova senha temporária (mostrada uma vez; trocada na próxima entrada)',
  }),
  models: defineRoute({
    method: 'GET',
    path: '/api/admin/modelos',
    answer: z.array(modelo),
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Modelos (tipos) de dispositivo',
  }),
  devices: defineRoute({
    method: 'GET',
    path: '/api/admin/dispositivos',
    query: dispositivoListQuery,
    answer: z.array(dispositivoAdmin),
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Dispositivos dos sistemas administrados',
  }),
  createDevice: defineRoute({
    method: 'POST',
    path: '/api/admin/dispositivos',
    body: dispositivoInput,
    answer: dispositivoAdmin,
    status: 201,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Cadastra um dispositivo (sem chave: emita-a em credenciais)',
  }),
  device: defineRoute({
    method: 'GET',
    path: '/api/admin/dispositivos/{id}',
    params: idParams,
    answer: dispositivoAdmin,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Um dispositivo',
  }),
  editDevice: defineRoute({
    method: 'PATCH',
    path: '/api/admin/dispositivos/{id}',
    params: idParams,
    body: dispositivoPatch,
    answer: dispositivoAdmin,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Altera nome, patrimônio ou local de um dispositivo',
  }),
  modelRules: defineRoute({
    method: 'GET',
    path: '/api/admin/modelos/{id}/regras',
    params: idParams,
    answer: modeloRegras,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Regras de alarme de um modelo (limite, atraso, criticidade, mensagem)',
  }),
  editModelRules: defineRoute({
    method: 'PUT',
    path: '/api/admin/modelos/{id}/regras',
    params: idParams,
    body: modelRulesInput,
    answer: modeloRegras,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary:
      'Altera regras de um modelo (administrador da plataforma: o modelo vale para todos os sistemas)',
    description:
      'As regras listadas recebem os valores dados; as outras ficam. O motor de alarmes de todos ' +
      'os nós usa a mudança na próxima leitura, sem reinício.',
  }),
  deviceRules: defineRoute({
    method: 'GET',
    path: '/api/admin/dispositivos/{id}/regras',
    params: idParams,
    answer: dispositivoRegras,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Regras de alarme de um dispositivo: as do modelo com as sobreposições dele',
  }),
  editDeviceRules: defineRoute({
    method: 'PUT',
    path: '/api/admin/dispositivos/{id}/regras',
    params: idParams,
    body: deviceRulesInput,
    answer: dispositivoRegras,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Substitui as sobreposições de regras de alarme de um dispositivo',
    description:
      'Um campo nulo ou ausente segue o modelo; uma regra fora da lista volta a seguir o modelo. ' +
      'O motor de alarmes de todos os nós usa a mudança na próxima leitura.',
  }),
  importDevices: defineRoute({
    method: 'POST',
    path: '/api/admin/dispositivos/importar',
    query: deviceImportQuery,
    answer: deviceImportResult,
    errors: { ...WRITE_ERRORS, 413: 'Arquivo grande demais' },
    tags: TAGS,
    summary: 'Importa dispositivos de um arquivo CSV ou XLSX (multipart, campo "arquivo")',
    description:
      'A primeira linha nomeia as colunas: Nome, Patrimônio e Modelo (nome ou id), e, se houver, ' +
      'Usina, SCD, Venue, Nome do local, UF, Latitude, Longitude. Com `simular=1` responde linha a ' +
      'linha o que seria criado e o que está errado, sem gravar. Sem ele, grava todas as linhas ou ' +
      'nenhuma (400 com a primeira linha errada).',
  }),
  removeDevice: defineRoute({
    method: 'DELETE',
    path: '/api/admin/dispositivos/{id}',
    params: idParams,
    answer: saved,
    errors: { ...ADMIN_ERRORS, 409: 'O dispositivo tem histórico' },
    tags: TAGS,
    summary:
      'Remove um dispositivo sem histórico (cadastrado por engano); a conta MQTT e a chave deixam de valer',
    description:
      'Um dispositivo que já enviou leituras ou tem alarmes, comandos, combustível ou contrato não é ' +
      'removido (409): o histórico fica; coloque-o fora de serviço e troque a chave.',
  }),
  deviceCredentials: defineRoute({
    method: 'POST',
    path: '/api/admin/dispositivos/{id}/credenciais',
    params: idParams,
    answer: deviceCredentials,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary: 'Emite (ou troca) a chave do dispositivo; mostrada só nesta resposta',
    description:
      'A chave vale para `POST /api/ingest` (cabeçalho `x-device-key`) e, com o broker próprio ' +
      '(`VIGIA_BROKER=1`), como senha do usuário MQTT `dispositivo-{id}`. A anterior deixa de valer na hora.',
  }),
};

export const auditQuery = z.object({
  sisId: queryId.optional(),
  usuarioId: queryId.optional(),
  dispositivoId: queryId.optional(),
  /** An action or its start (`admin.usuario`, `comando`). */
  acao: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_.-]*$/, 'Ação inválida.')
    .optional(),
  /** Epoch seconds, inclusive. */
  inicio: z.coerce.number().int().nonnegative().optional(),
  fim: z.coerce.number().int().nonnegative().optional(),
  /** The page after this row (the `proximo` of the last page): newest first. */
  antesDe: queryId.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE.max).optional(),
});
export const auditRow = z.object({
  id: z.number().int(),
  ts: z.number(),
  usuarioId: z.number().int().nullable(),
  usuario: z.string().nullable(),
  acao: z.string(),
  entidade: z.string(),
  entidadeId: z.string().nullable(),
  sisId: z.number().int().nullable(),
  sistema: z.string().nullable(),
  dispositivoId: z.number().int().nullable(),
  dispositivo: z.string().nullable(),
  /** What changed, as JSON text. */
  detalhes: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditPage = z.object({
  itens: z.array(auditRow),
  /** `antesDe` of the next page; null on the last. */
  proximo: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

export const AUDIT_API = {
  list: defineRoute({
    method: 'GET',
    path: '/api/auditoria',
    query: auditQuery,
    answer: auditPage,
    errors: ADMIN_ERRORS,
    tags: TAGS,
    summary:
      'Trilha de auditoria dos sistemas administrados, mais nova primeiro (páginas por antesDe)',
  }),
};
