/**
 * Every pt-BR text both apps show for errors, successes and confirmations.
 * Texts of spec 000 §8 and 001 §5/§8 are copied word for word, including their
 * spelling ('periodo', 'Comentario', 'Motivo não cadastrada.').
 * The block marked "Vigia's own" is not in the spec.
 */
export const MESSAGES = {
  // Spec 000 §8 — sign-in and generic dialogs.
  userBlocked: 'Usuário bloqueado. Entrar em contato com o suporte.',
  invalidCredentials: 'Usuário ou Senha inválidos!',
  confirmHeader: 'Atenção:',
  yes: 'Sim',
  no: 'Não',
  emptyTable: 'Nenhum {item} encontrado.',

  // Spec 001 §8 — error catalogue.
  ackSuccess: 'Alarme(s) reconhecido(s) com sucesso',
  ackFailed: 'Erro ao reconhecer Alarme(s)',
  ackConfirm: 'Deseja realmente reconhecer esse(s) alarme(s)?',
  commandSent: 'Comando enviado com sucesso.',
  commandFailed: 'Comando não pode ser enviado.',
  noCommandSelected: 'Nenhum comando selecionado.',
  commandConfirm: 'Deseja realizar o comando?',
  fuelSaveFailed: 'Problemas na adição de entradas.',
  fuelSaved: 'Entradas adicionadas com sucesso!',
  configSaveFailed: 'Problemas na adição de Configurações.',
  configSaved: 'Configurações alteradas com sucesso!',
  fuelAddConfirm: 'Deseja adicionar consumos?',
  configChangeConfirm: 'Deseja alterar configurações?',
  commentDeleteConfirm: 'Deseja realmente apagar esse comentário?',
  commentDeleteFailed: 'Comentario não pode ser apagado',
  commentDeleted: 'Comentario apagado com sucesso!',
  scheduleSaveFailed: 'Problema no cadastramento de usuário',
  scheduleSaved: 'Usuário Cadastrado',
  scheduleRemoveFailed: 'Problema na Remoção de usuário',
  scheduleRemoved: 'Usuário Removido.',
  scheduleFieldsRequired: 'Todos os campos devem ser preenchidos.',
  scheduleTimesIncompatible: 'Horario de entrada e saída incompatíveis.',
  reasonSaveFailed: 'Motivo não cadastrada.',
  reasonSaved: 'Motivo cadastrada com sucesso.',
  passwordChanged: 'Senha alterada com sucesso!',
  endBeforeStart: 'Data Final menor que Data Inicial.',
  periodTooLong: 'Por favor, selecione um periodo menor que 31 dias.',
  noReportForDate: 'Nenhum relatório para data filtrada.',
  inverterFailure: 'FALHA',
  commandSafetySend: 'Enviar',
  commandSafetyCancel: 'Cancelar',

  // Vigia's own texts (not in the spec): server validation and limits, and the
  // wording of dialogs the spec only describes.
  invalidRequest: 'Requisição inválida.',
  invalidPeriod: 'Período inválido.',
  unknownReadings: 'Leitura(s) desconhecida(s) neste dispositivo: {nomes}.',
  notFound: 'Não encontrado.',
  unauthorized: 'Sessão expirada. Entre novamente.',
  noCommandRight: 'Usuário sem permissão de comando.',
  commandLoginRequired: 'Confirme sua senha para enviar comandos.',
  commandBusy: 'Aguarde a conclusão do comando anterior.',
  unknownCommand: 'Comando inexistente para este dispositivo.',
  /** 409: an idempotency key already sent another command (or to another device). */
  idempotencyKeyReused: 'Esta chave já foi usada em outro comando; gere uma nova chave.',
  commandConfirmPassword: 'Confirme sua senha',
  commandPasswordConfirmed: 'Senha confirmada.',
  internalError: 'Erro interno do servidor.',
  networkError: 'Não foi possível comunicar com o servidor.',
  tooManyAttempts: 'Muitas tentativas. Tente novamente em alguns minutos.',
  /** 429: a user's heavy calls (reports, energy periods, chart history) already computing. */
  heavyCallsBusy: 'Muitas consultas em andamento. Aguarde a conclusão das anteriores.',
  wrongCurrentPassword: 'Senha atual incorreta.',
  passwordMismatch: 'As senhas não conferem.',
  passwordTooShort: 'A nova senha deve ter pelo menos 8 caracteres.',
  invalidFuelValue: 'Informe um consumo válido (número maior ou igual a zero).',
  invalidReferenceValue: 'O valor de referência deve ser um número inteiro maior ou igual a zero.',
  fuelDayAlreadySaved: 'Já existe consumo registrado para {site} em {data}.',
  fuelFutureDay: 'Não é possível registrar consumo de um dia futuro.',
  fuelSiteNotEnabled: 'Entrada de combustível não habilitada para {site}.',
  fuelRepeatedEntry: 'O mesmo site e dia aparecem mais de uma vez.',
  scheduleAdminOnly: 'Somente administradores podem alterar escalas.',
  scheduleRemoveConfirm: 'Deseja remover a escala de {usuario} ({dia}, {entrada} às {saida})?',
  contractNumberRequired: 'Informe o número do contrato.',
  contractCustomerRequired: 'Informe o cliente do contrato.',
  contractDatesRequired: 'Informe as datas inicial e final do contrato.',
  contractDevicesRequired: 'Selecione ao menos um dispositivo coberto pelo contrato.',
  contractDevicesOutsideVenue: 'Os dispositivos devem pertencer ao venue do contrato.',
  contractNumberTaken: 'Já existe um contrato com o número {numero} neste sistema.',
  contractAdminOnly: 'Somente administradores podem alterar contratos.',
  contractSaved: 'Contrato salvo com sucesso!',
  contractSaveFailed: 'Problemas ao salvar o contrato.',
  contractRemoved: 'Contrato removido.',
  contractRemoveFailed: 'Problema na remoção do contrato.',
  contractRemoveConfirm: 'Deseja remover o contrato {numero} ({cliente})?',
  reasonRequired: 'Informe o motivo.',
  commentRequired: 'Escreva o comentário.',
  commentTooLong: 'O comentário pode ter no máximo 1000 caracteres.',
  commentAdded: 'Comentário adicionado.',
  controlCharacters: 'Caracteres de controle não são aceitos.',
  bodyTooLarge: 'Requisição grande demais.',
  bodyTooDeep: 'Requisição com estrutura aninhada demais.',
  invalidJson: 'JSON inválido.',
  unsupportedContentType: 'Tipo de conteúdo não aceito.',
  invalidUrl: 'Endereço inválido.',
  headersTooLarge: 'Cabeçalhos grandes demais.',
  databaseUnavailable: 'Banco de dados indisponível; tente novamente em instantes.',
  commandSafetyWarning:
    'O comando remoto pode colocar máquinas em movimento ou energizar circuitos. ' +
    'Certifique-se de que ninguém está exposto a risco de ferimentos ou morte antes de enviar.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Spec 000 §8: '--' for a missing value. */
export const PLACEHOLDER_MISSING = '--';
/** Spec 000 §8: '---' for a missing number or date. */
export const PLACEHOLDER_NUMBER = '---';
/** Spec 000 §8: shown for a device that never communicated. */
export const NEVER_COMMUNICATED = 'NUNCA COMUNICOU';
/** A device heard within its staleness limit. */
export const ONLINE_LABEL = 'Online';
/** Spec 001 §4: data older than 30 minutes. */
export const STALE_LABEL = 'DESATUALIZADO';
/** Vigia's: a device without a reading for over a day (spec 001 §3 '>1 dia offline'). */
export const OFFLINE_LABEL = 'SEM COMUNICAÇÃO';
/** Where a percentage of a nominal would be, for a device without that nominal registered. */
export const NOMINAL_MISSING = 'nominal não cadastrado';
/** Where a level in % of a capacity would be, for a tank or trailer without its capacity. */
export const CAPACITY_MISSING = 'capacidade não cadastrada';
/** Spec 000 §8: this `error` value logs the user out instead of showing a toast. */
export const INVALID_TOKEN_ERROR = 'invalid_token';

/** Items of a feminine noun: the spec's template agrees with them ('Nenhuma escala encontrada.'). */
const FEMININE_ITEMS: ReadonlySet<string> = new Set([
  'escala',
  'usina',
  'ocorrência',
  'geladeira',
  'subestação',
]);

/**
 * 'Nenhum {item} encontrado.' (spec 000 §8); for a feminine noun the same
 * sentence in agreement: 'Nenhuma escala encontrada.'
 */
export function emptyTableMessage(item: string): string {
  const noun = item.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const template = FEMININE_ITEMS.has(noun)
    ? MESSAGES.emptyTable.replace('Nenhum ', 'Nenhuma ').replace('encontrado.', 'encontrada.')
    : MESSAGES.emptyTable;
  return template.replace('{item}', item);
}
