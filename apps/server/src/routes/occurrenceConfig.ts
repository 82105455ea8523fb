import {
  errorBody,
  occurrenceConfig,
  siteOccurrenceConfig,
  siteOccurrenceConfigParams,
} from '@vigia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds } from '../auth/scope.js';
import {
  GENERAL_CONFIG,
  HISTORICAL_CONFIG,
  NOT_ACKNOWLEDGED_CONFIG,
  SITE_ACTIVE_CONFIG,
} from '../occurrences/configurations.js';
import { notFound } from '../plugins/httpError.js';
import type { AppServices } from './services.js';

const ERRORS = { 401: errorBody, 404: errorBody };
const TAGS = ['ocorrências'];
const DESCRIPTION =
  'Colunas (chave do campo da linha, título, tipo, casas decimais, visível no celular) e ' +
  '`acesso`: bits 1 reconhecer, 2 filtro de histórico, 4 alternância de eventos.';

/** Spec 000 §7 "Occurrence configuration": the columns and access flag of each occurrence list. */
export const occurrenceConfigRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store },
) => {
  const fixed = [
    ['configurationOccurrenceGeneral', GENERAL_CONFIG, 'Configuração das listas de alarmes ativos'],
    [
      'configurationOccurrenceNaoReconhecido',
      NOT_ACKNOWLEDGED_CONFIG,
      'Configuração da lista de alarmes não reconhecidos',
    ],
    [
      'configurationOccurrenceHistorical',
      HISTORICAL_CONFIG,
      'Configuração do histórico de ocorrências',
    ],
  ] as const;
  for (const [name, config, summary] of fixed) {
    app.get(
      `/ConfigurationOccurrence/${name}`,
      {
        schema: {
          tags: TAGS,
          summary,
          description: DESCRIPTION,
          response: { 200: occurrenceConfig, ...ERRORS },
        },
      },
      async () => config,
    );
  }

  app.get(
    '/ConfigurationOccurrence/:idSite/configurationOccurrenceActive',
    {
      schema: {
        tags: TAGS,
        summary: 'Configuração da lista de alarmes ativos de um site (dispositivo)',
        description: `${DESCRIPTION} Site fora dos sistemas do usuário → 404.`,
        params: siteOccurrenceConfigParams,
        response: { 200: siteOccurrenceConfig, ...ERRORS },
      },
    },
    async (request) => {
      const systems = allowedSystemIds(request);
      const site =
        systems.length === 0
          ? undefined
          : await store.db
              .selectFrom('devices')
              .select('id')
              .where('id', '=', request.params.idSite)
              .where('system_id', 'in', systems)
              .executeTakeFirst();
      if (!site) throw notFound();
      return { ...SITE_ACTIVE_CONFIG, idSite: site.id };
    },
  );
};
