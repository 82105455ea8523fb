/**
 * Administration (issue 28): who may administer what, and its pt-BR texts.
 * A platform administrator creates companies and systems and names their
 * administrators; a system administrator manages the users, places and
 * devices of the systems they hold and nothing else.
 */
export const ADMIN_MESSAGES = {
  adminOnly: 'Somente administradores têm acesso à administração.',
  platformAdminOnly: 'Somente administradores da plataforma podem fazer isto.',
  userOutsideScope: 'Este usuário também pertence a sistemas que você não administra.',
  companyNameTaken: 'Já existe uma empresa chamada {nome}.',
  systemNameTaken: 'Já existe um sistema chamado {nome} nesta empresa.',
  placeNameTaken: 'Já existe um local chamado {nome} neste sistema.',
  loginTaken: 'O login {login} já está em uso.',
  patrimonioTaken: 'O patrimônio {patrimonio} já está cadastrado neste sistema.',
  placeHasDevices: 'Este local tem dispositivos; mova-os ou remova-os antes.',
  deviceHasHistory:
    'O dispositivo {nome} tem histórico (leituras, alarmes, comandos, combustível ou contrato) e não pode ser removido: coloque-o fora de serviço e troque a chave dele.',
  placeNotInSystem: 'O local escolhido não pertence ao sistema do dispositivo.',
  systemsRequired: 'Escolha ao menos um sistema.',
  lastPlatformAdmin: 'Não é possível retirar ou bloquear o último administrador da plataforma.',
  unknownModel: 'Modelo de dispositivo inexistente.',
  ufRequired: 'Informe a UF.',
  placeLocationRequired: 'Informe a UF, a latitude e a longitude da usina ou SCD.',
  saved: 'Salvo com sucesso.',
  removed: 'Removido.',
  temporaryPassword:
    'Senha temporária criada. Entregue-a ao usuário: ela vale para uma entrada e precisa ser trocada.',
  credentialsIssued:
    'Nova chave emitida. Copie agora: ela não será mostrada de novo. A chave anterior deixou de valer.',
  passwordChangeRequired: 'Troque a senha temporária antes de continuar.',
  firstRunClosed: 'A configuração inicial já foi feita.',
  firstRunInvalidCode: 'Código de configuração inválido.',
  firstRunDone: 'Administrador criado. Entre com o login e a senha escolhidos.',
} as const;

/** What a caller holds that administration asks about. */
export interface AdminRights {
  administrator: boolean;
  platformAdmin: boolean;
}

export const isAnyAdministrator = (u: AdminRights): boolean => u.administrator || u.platformAdmin;

/** Length of a temporary password an administrator hands over (base64url characters). */
export const TEMPORARY_PASSWORD_LENGTH = 12;

/** The features a system may have, as the administration screen names them. */
export const SYSTEM_FEATURE_LABELS = {
  combustivel: 'Combustível',
  contratos: 'Contratos',
  planoSaude: 'Plano de saúde (revisão de ocorrências)',
  relatoriosArquivos: 'Relatórios em arquivo',
  gps: 'GPS',
  prime: 'Geradores prime',
} as const;

/** The kinds of place, as the administration screen names them. */
export const PLACE_KIND_LABELS = { usina: 'Usina', scd: 'SCD', venue: 'Venue' } as const;

/** A system's home: the route it opens on (none: the console's default). */
export const SYSTEM_HOME_LABELS = {
  geradores: 'Lista de geradores',
  cluster: 'Home do cluster',
} as const;

/** What each audited action is called on the audit screen. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'admin.configuracao-inicial': 'Configuração inicial',
  'admin.empresa.criar': 'Empresa criada',
  'admin.empresa.alterar': 'Empresa alterada',
  'admin.sistema.criar': 'Sistema criado',
  'admin.sistema.alterar': 'Sistema alterado',
  'admin.local.criar': 'Local criado',
  'admin.local.alterar': 'Local alterado',
  'admin.local.remover': 'Local removido',
  'admin.usuario.criar': 'Usuário criado',
  'admin.usuario.alterar': 'Usuário alterado',
  'admin.usuario.bloquear': 'Usuário bloqueado',
  'admin.usuario.senha': 'Senha temporária criada',
  'admin.dispositivo.criar': 'Dispositivo cadastrado',
  'admin.dispositivo.alterar': 'Dispositivo alterado',
  'admin.dispositivo.credenciais': 'Chave de dispositivo emitida',
  'admin.dispositivo.regras': 'Regra de alarme do dispositivo alterada',
  'admin.dispositivo.remover': 'Dispositivo removido',
  'admin.dispositivo.importar': 'Dispositivo importado',
  'admin.modelo.regras': 'Regra de alarme do modelo alterada',
  'comando.enviado': 'Comando enviado',
  'comando.recusado': 'Comando recusado',
  'comando.estado': 'Estado de comando',
  'device.out_of_service': 'Dispositivo fora de serviço',
  'device.in_service': 'Dispositivo de volta ao serviço',
  'occurrence.acknowledge': 'Alarme reconhecido',
  'occurrence.ack': 'Alarme reconhecido',
  'occurrence.comment': 'Comentário em alarme',
  'occurrence.comment.delete': 'Comentário removido',
  'occurrence.reason': 'Motivo de alarme',
  'occurrence.raise': 'Alarme ativado',
  'occurrence.clear': 'Alarme normalizado',
  'occurrence.repeat': 'Alarme repetido',
  'occurrence.shelve': 'Alarme suprimido',
  'occurrence.unshelve': 'Alarme de volta',
  'occurrence.out_of_service': 'Alarme fora de serviço',
  'occurrence.in_service': 'Alarme de volta ao serviço',
  'notificacao.escalonamento.configurar': 'Escalonamento configurado',
  'notificacao.escalonamento.plantao': 'Alarme escalonado ao plantão',
  'notificacao.escalonamento.administradores': 'Alarme escalonado aos administradores',
};

/** An action's name on screen; an unknown one as it is stored. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

/** Rows of the audit a page brings, and at most. */
export const AUDIT_PAGE = { default: 50, max: 500 } as const;
