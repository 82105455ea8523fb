/**
 * The site page's own pt-BR texts (Vigia's, not the spec's: the spec only says
 * an unknown panel or bad configuration must not leave the page blank).
 */
export const PANEL_TEXTS = {
  unknownTitle: 'Painel desconhecido',
  unknown: (name: string) =>
    `A visão geral pede o painel "${name}", que não existe nesta versão do console.`,
  badConfigTitle: 'Configuração inválida',
  noPanelName: 'A visão geral não informa qual painel exibir (render_html vazio).',
  noSynoptic: 'O painel é um sinótico, mas a visão geral não tem sinótico configurado.',
  badDefinition: (problem: string) => `O painel está mal definido: ${problem}.`,
  crashedTitle: 'Erro ao exibir o painel',
  crashed:
    'O painel encontrou um erro inesperado. Os demais dados da página continuam disponíveis.',
  loadFailedTitle: 'Falha ao carregar o painel',
  loadFailed: 'Não foi possível carregar os dados do painel.',
  overviewNotFoundTitle: 'Visão geral não encontrada',
  overviewNotFound: 'Esta visão geral não pertence a este dispositivo. Escolha uma das abas acima.',
  noOverview: 'Nenhuma visão geral configurada para este dispositivo.',
  siteLoadFailed: 'Não foi possível carregar o dispositivo.',
  siteNotFound: 'Dispositivo não encontrado.',
  placeOverviewNotFound: (place: string) =>
    `Esta visão geral não pertence a ${place}. Escolha uma das abas acima.`,
  placeNotFound: { usina: 'Usina não encontrada.', scd: 'SCD não encontrado.' },
  placeLoadFailed: {
    usina: 'Não foi possível carregar as visões gerais da usina.',
    scd: 'Não foi possível carregar as visões gerais do SCD.',
  },
} as const;
