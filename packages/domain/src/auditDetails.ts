import { PLACE_KIND_LABELS, SYSTEM_FEATURE_LABELS, SYSTEM_HOME_LABELS } from './administration.js';
import { COMMAND_STATUS, commandStatus } from './command.js';
import { formatDateTime } from './date.js';
import { deviceTypeLabel } from './device.js';
import { formatNumber } from './format.js';
import { CRITICALITY_CHOICES } from './notifications.js';

/**
 * An audit row's details (issue 28) as the audit screen and its Excel file show
 * them: the JSON the server writes next to each action, read in pt-BR
 * ('Limite: do modelo → 50'), never its field names. The row's own columns
 * already name the system and the device; references with nothing to read
 * (a comment's or a command's id) are left out, a rule and a command read by
 * their names where the row holds them (rows from before it read without).
 */

/** Names the console holds, to show an id as what it names; an id without one reads 'nº 3'. */
export interface AuditNames {
  sistemas?: ReadonlyMap<number, string>;
  empresas?: ReadonlyMap<number, string>;
  modelos?: ReadonlyMap<number, string>;
  usinas?: ReadonlyMap<number, string>;
  scds?: ReadonlyMap<number, string>;
  venues?: ReadonlyMap<number, string>;
}

/** Written where a field was emptied by a change. */
export const AUDIT_EMPTY = '—';

interface Context {
  action: string;
  details: Readonly<Record<string, unknown>>;
  names: AuditNames;
  /** An edit: a field set to nothing was cleared (in a creation it says nothing). */
  isChange: boolean;
}

/** One field of the details as text ('Nome: UTE Belém'); undefined leaves it out. */
type FieldText = (value: unknown, context: Context) => string | undefined;
/** A value as text; undefined when it holds nothing. */
type ValueText = (value: unknown, context: Context) => string | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** As many decimals as the number has (up to 6), comma and grouped: -1.38 → '-1,38'. */
function numberText(value: number): string {
  const fraction = String(value).split('.')[1] ?? '';
  return formatNumber(value, Math.min(fraction.length, 6));
}

const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');

/** Any value, for a field without a format of its own. */
function plainText(value: unknown): string | undefined {
  if (isEmpty(value)) return undefined;
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const items = value.map(plainText).filter((t) => t !== undefined);
    return items.length > 0 ? items.join(', ') : undefined;
  }
  if (isRecord(value)) {
    const fields = Object.entries(value).flatMap(([key, v]) => {
      const text = plainText(v);
      return text === undefined ? [] : [`${readableKey(key)}: ${text}`];
    });
    return fields.length > 0 ? `(${fields.join(', ')})` : undefined;
  }
  return String(value);
}

/** A key nobody labelled, readable: 'repeat_count' and 'repeatCount' → 'Repeat count'. */
function readableKey(key: string): string {
  const words = key
    .replace(/([a-zà-ú\d])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLocaleLowerCase('pt-BR');
  return words.charAt(0).toLocaleUpperCase('pt-BR') + words.slice(1);
}

/**
 * `label: value`. An empty value reads `empty` when given (it says something:
 * no features at all), '—' in a change (the field was cleared), and is left out otherwise.
 */
const labelled =
  (label: string, text: ValueText = plainText, empty?: string): FieldText =>
  (value, context) => {
    const shown = isEmpty(value)
      ? (empty ?? (context.isChange ? AUDIT_EMPTY : undefined))
      : text(value, context);
    return shown === undefined ? undefined : `${label}: ${shown}`;
  };

const hidden: FieldText = () => undefined;

/** A list by its length ('Alarmes afetados: 3'); an empty one reads `none`, or is left out. */
const listCount = (label: string, none?: string): FieldText =>
  labelled(label, (v) => (Array.isArray(v) ? numberText(v.length) : plainText(v)), none);

/** A word the server writes, by a table's label ('cluster' → 'Home do cluster'). */
const fromTable =
  (table: Readonly<Record<string, string>>): ValueText =>
  (value) =>
    typeof value === 'string' && Object.hasOwn(table, value) ? table[value] : plainText(value);

const named =
  (pick: (names: AuditNames) => ReadonlyMap<number, string> | undefined): ValueText =>
  (value, { names }) =>
    typeof value === 'number' ? (pick(names)?.get(value) ?? `nº ${value}`) : plainText(value);

/** A device's plant, SCD or venue: left out when the details name the site (`localNome`). */
const placement = (
  label: string,
  pick: (names: AuditNames) => ReadonlyMap<number, string> | undefined,
): FieldText => {
  const field = labelled(label, named(pick));
  return (value, context) =>
    context.action.startsWith('admin.dispositivo.') && !isEmpty(context.details.localNome)
      ? undefined
      : field(value, context);
};

/** A user's systems by name: 'Norte Geração, Sul Energia e mais 1'; '2 sistemas' when none is known. */
const systemsText: ValueText = (value, { names }) => {
  if (!Array.isArray(value)) return plainText(value);
  const known = value.flatMap((id) => {
    const name = typeof id === 'number' ? names.sistemas?.get(id) : undefined;
    return name === undefined ? [] : [name];
  });
  const others = value.length - known.length;
  if (known.length === 0) return `${others} ${others === 1 ? 'sistema' : 'sistemas'}`;
  return others === 0 ? known.join(', ') : `${known.join(', ')} e mais ${others}`;
};

/** What a command audit's `resultado` says, where its own words need help. */
const COMMAND_RESULTS: Readonly<Record<string, string>> = {
  'dispositivo fora do usuário': 'Dispositivo fora dos sistemas do usuário',
  'sem direito': 'Usuário sem direito a comandos',
  expirado: commandStatus(COMMAND_STATUS.expired).label,
};

function commandResultText(value: unknown): string | undefined {
  if (typeof value !== 'string') return plainText(value);
  if (Object.hasOwn(COMMAND_RESULTS, value)) return COMMAND_RESULTS[value];
  const status = /^status (\d+)$/.exec(value);
  if (status) return commandStatus(Number(status[1])).label;
  return value.charAt(0).toLocaleUpperCase('pt-BR') + value.slice(1);
}

const escalatedText: ValueText = (value) => {
  const choice = CRITICALITY_CHOICES.find((c) => c.value === value);
  if (choice) return choice.label;
  return typeof value === 'number' ? `Criticidade ${value} ou mais` : plainText(value);
};

/** Seconds as the rules screen counts them ('Atraso (s)'): '90 segundos', '1 segundo'. */
const secondsText: ValueText = (value) =>
  typeof value === 'number'
    ? `${numberText(value)} ${value === 1 ? 'segundo' : 'segundos'}`
    : plainText(value);

/** The fields of an alarm rule, in the order the rules screen shows them. */
const RULE_FIELDS: ReadonlyArray<readonly [string, string, ValueText]> = [
  ['limite', 'Limite', plainText],
  ['atraso', 'Atraso', secondsText],
  ['critico', 'Criticidade', plainText],
  ['mensagem', 'Mensagem', plainText],
];

/**
 * An alarm rule's change as what changed: 'Limite: do modelo → 50'. A device's
 * field without a value of its own follows its model; a model's bit rule has no limit.
 */
function ruleChange(context: Context): string | undefined {
  const before = isRecord(context.details.antes) ? context.details.antes : {};
  const after = isRecord(context.details.depois) ? context.details.depois : {};
  const unset = context.action === 'admin.dispositivo.regras' ? 'do modelo' : AUDIT_EMPTY;
  const known = new Set(RULE_FIELDS.map(([key]) => key));
  const others = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => !known.has(key))
    .map((key) => [key, readableKey(key), plainText] as const);
  const parts = [...RULE_FIELDS, ...others].flatMap(([key, label, text]) => {
    const was = text(before[key], context) ?? unset;
    const now = text(after[key], context) ?? unset;
    return was === now ? [] : [`${label}: ${was} → ${now}`];
  });
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** How the first administrator was created. */
const FIRST_RUN_VIA = { console: 'Console', terminal: 'Terminal do servidor' } as const;

/** `tipo` is a place's kind in a place's row, a device's type otherwise. */
const kindText: ValueText = (value, context) => {
  if (context.action.startsWith('admin.local.'))
    return fromTable(PLACE_KIND_LABELS)(value, context);
  return typeof value === 'string' ? deviceTypeLabel(value) : plainText(value);
};

/** `endereco` is a place's street address, or where a command's request came from. */
const placeAddress = labelled('Endereço');
const clientAddress = labelled('Endereço IP');

/** Every key the server writes in an audit row's details, and how it reads. */
const AUDIT_DETAIL_FIELDS: Readonly<Record<string, FieldText>> = {
  // The row's own columns name the system and the device.
  system_id: hidden,
  device_id: hidden,
  systemId: hidden,
  // References with nothing for a reader: a comment's, a command's, a rule's, a step's
  // (a rule and a command are read by their names, `regraNome` and `comandoNome`).
  comment_id: hidden,
  commandId: hidden,
  comandoId: hidden,
  regra: hidden,
  etapa: hidden,

  // Administration: companies, systems, places, users, devices.
  nome: labelled('Nome'),
  login: labelled('Login'),
  via: labelled('Origem', fromTable(FIRST_RUN_VIA)),
  empresaId: labelled(
    'Empresa',
    named((n) => n.empresas),
  ),
  home: labelled('Página inicial', fromTable(SYSTEM_HOME_LABELS)),
  recursos: labelled(
    'Recursos',
    (v, context) =>
      Array.isArray(v)
        ? v.map((f) => fromTable(SYSTEM_FEATURE_LABELS)(f, context)).join(', ')
        : plainText(v),
    AUDIT_EMPTY,
  ),
  tipo: labelled('Tipo', kindText),
  patrimonio: labelled('Patrimônio'),
  modeloId: labelled(
    'Modelo',
    named((n) => n.modelos),
  ),
  usinaId: placement('Usina', (n) => n.usinas),
  scdId: placement('SCD', (n) => n.scds),
  venueId: placement('Venue', (n) => n.venues),
  localNome: labelled('Local'),
  endereco: (value, context) =>
    (context.action.startsWith('comando.') ? clientAddress : placeAddress)(value, context),
  uf: labelled('UF'),
  lat: labelled('Latitude'),
  lon: labelled('Longitude'),
  email: labelled('E-mail'),
  sistemas: labelled('Sistemas', systemsText),
  comando: labelled('Pode enviar comandos'),
  administrador: labelled('Administrador'),
  administradorPlataforma: labelled('Administrador da plataforma'),
  bloqueado: labelled('Bloqueado'),
  rotacao: (value) =>
    value === true ? 'Troca de chave' : value === false ? 'Primeira emissão' : undefined,
  regraNome: labelled('Regra'),
  antes: (_value, context) => ruleChange(context),
  depois: (_value, context) =>
    context.details.antes === undefined ? ruleChange(context) : undefined,

  // Alarms: raised, repeated, shelved, reviewed, commented; devices out of service.
  valor: labelled('Valor'),
  repeatCount: labelled('Repetições'),
  ate: labelled('Suprimido até', (v) => (typeof v === 'number' ? formatDateTime(v) : plainText(v))),
  motivo: labelled('Motivo'),
  expirou: (value) => (value === true ? 'Fim do prazo de supressão' : undefined),
  texto: labelled('Comentário'),
  ocorrencias: listCount('Alarmes afetados'),

  // Commands.
  comandoNome: labelled('Comando'),
  resultado: labelled('Resultado', commandResultText),

  // Notifications: a system's escalation, and an escalated alarm.
  ativo: labelled('Escalonamento ativo'),
  criticoMinimo: labelled('Alarmes escalonados', escalatedText),
  minutosPlantao: labelled('Minutos até o plantão'),
  minutosAdministradores: labelled('Mais minutos até os administradores'),
  usuarios: listCount('Usuários avisados', 'nenhum'),
  mensagens: labelled('Mensagens'),
};

/**
 * What a row is about, read first wherever the server wrote it: the rule's
 * name before its changes, the command's before its address and outcome.
 */
const SUBJECT_KEYS: ReadonlySet<string> = new Set(['regraNome', 'comandoNome']);

/** Actions whose details are a change: a field set to nothing was cleared. */
const isChangeAction = (action: string) =>
  action.endsWith('.alterar') || action === 'admin.usuario.bloquear';

/**
 * An audit row's details in pt-BR ('Nome: GMG Belém 3; Patrimônio: BEL-0003;
 * Tipo: Gerador'); '' when there is nothing to say. Text that is not JSON is
 * shown as it is; a key nobody labelled reads as words ('Outro campo: 1').
 */
export function auditDetailsText(
  action: string,
  details: string | null | undefined,
  names: AuditNames = {},
): string {
  if (!details) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return details;
  }
  if (!isRecord(parsed)) return plainText(parsed) ?? '';
  const context: Context = { action, details: parsed, names, isChange: isChangeAction(action) };
  const entries = Object.entries(parsed);
  return [
    ...entries.filter(([key]) => SUBJECT_KEYS.has(key)),
    ...entries.filter(([key]) => !SUBJECT_KEYS.has(key)),
  ]
    .flatMap(([key, value]) => {
      const field = Object.hasOwn(AUDIT_DETAIL_FIELDS, key)
        ? AUDIT_DETAIL_FIELDS[key]
        : labelled(readableKey(key));
      const text = field?.(value, context);
      return text === undefined ? [] : [text];
    })
    .join('; ');
}
