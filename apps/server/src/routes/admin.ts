import { randomBytes } from 'node:crypto';
import type {
  Local,
  PlaceKind,
  RegraAlarme,
  RegraDispositivo,
  UsuarioAdmin,
} from '@vigia/contract';
import { API } from '@vigia/contract/api';
import {
  ADMIN_MESSAGES,
  ALARM_RULE_MESSAGES,
  type AlarmRuleValues,
  AUDIT_PAGE,
  alarmRuleProblem,
  effectiveAlarmRule,
  TEMPORARY_PASSWORD_LENGTH,
} from '@vigia/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../auth/password.js';
import { currentUser } from '../auth/scope.js';
import { deviceBrokerUser } from '../broker/deviceCredentials.js';
import { deviceKeyHash, newDeviceKey } from '../ingest/deviceKey.js';
import { badRequest, conflict, forbidden, notFound } from '../plugins/httpError.js';
import {
  deviceRules,
  modelRules,
  type RuleOverride,
  saveDeviceRules,
  saveModelRules,
} from '../store/admin/alarmRules.js';
import { inScope, type SystemScope } from '../store/admin/audit.js';
import { auditTrail } from '../store/admin/auditTrail.js';
import {
  createCompany,
  findCompany,
  listCompanies,
  renameCompany,
} from '../store/admin/companies.js';
import {
  createDevice,
  findAdminDevice,
  findModel,
  listAdminDevices,
  listModels,
  removeDevice,
  replaceDeviceKey,
  updateDevice,
} from '../store/admin/devices.js';
import {
  createPlace,
  findPlace,
  listPlaces,
  plantInSystem,
  removePlace,
  updatePlace,
} from '../store/admin/places.js';
import {
  companyExists,
  createSystem,
  findSystem,
  listSystems,
  updateSystem,
} from '../store/admin/systems.js';
import {
  createUser,
  existingSystems,
  findAdminUser,
  listUsers,
  otherActivePlatformAdmins,
  setTemporaryPassword,
  updateUser,
} from '../store/admin/users.js';
import { deviceImportRoutes } from './adminImport.js';
import {
  adminScope,
  assertSystemAdministered,
  assertSystemInScope,
  fill,
  requirePlatform,
} from './adminScope.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

const newTemporaryPassword = () =>
  randomBytes(TEMPORARY_PASSWORD_LENGTH).toString('base64url').slice(0, TEMPORARY_PASSWORD_LENGTH);

const found = <T>(value: T | undefined): T => {
  if (value === undefined) throw notFound();
  return value;
};

/** Administration (issue 28): companies, systems, places, users and devices with their keys. */
export const adminRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { store, authenticator, brokerAccounts, bus } = services;
  const db = store.db;
  await app.register(deviceImportRoutes, services);

  // Companies and systems: read by any administrator in scope, written by the platform's.
  app.route({
    ...fromContract(app, API.admin.companies),
    handler: async (request) => listCompanies(db, adminScope(request)),
  });
  app.route({
    ...fromContract(app, API.admin.company),
    handler: async (request) =>
      found(await findCompany(db, adminScope(request), request.params.id)),
  });
  app.route({
    ...fromContract(app, API.admin.createCompany),
    handler: async (request, reply) => {
      requirePlatform(request);
      const { nome } = request.body;
      const id = await createCompany(db, nome, currentUser(request).id);
      if (id === undefined) throw conflict(fill(ADMIN_MESSAGES.companyNameTaken, { nome }));
      return reply.code(201).send(found(await findCompany(db, 'all', id)));
    },
  });
  app.route({
    ...fromContract(app, API.admin.editCompany),
    handler: async (request) => {
      requirePlatform(request);
      const { id } = request.params;
      found(await findCompany(db, 'all', id));
      const { nome } = request.body;
      if ((await renameCompany(db, id, nome, currentUser(request).id)) === 'taken') {
        throw conflict(fill(ADMIN_MESSAGES.companyNameTaken, { nome }));
      }
      return found(await findCompany(db, 'all', id));
    },
  });

  app.route({
    ...fromContract(app, API.admin.systems),
    handler: async (request) => listSystems(db, adminScope(request)),
  });
  app.route({
    ...fromContract(app, API.admin.system),
    handler: async (request) => found(await findSystem(db, adminScope(request), request.params.id)),
  });
  app.route({
    ...fromContract(app, API.admin.createSystem),
    handler: async (request, reply) => {
      requirePlatform(request);
      const input = request.body;
      if (!(await companyExists(db, input.empresaId))) throw notFound();
      const userId = currentUser(request).id;
      const id = await createSystem(db, input, userId);
      if (id === 'taken') throw conflict(fill(ADMIN_MESSAGES.systemNameTaken, input));
      // The creator now holds the new system: their next call sees it.
      authenticator.forgetUser(userId);
      return reply.code(201).send(found(await findSystem(db, 'all', id)));
    },
  });
  app.route({
    ...fromContract(app, API.admin.editSystem),
    handler: async (request) => {
      requirePlatform(request);
      const { id } = request.params;
      const input = request.body;
      if (input.empresaId !== undefined && !(await companyExists(db, input.empresaId))) {
        throw notFound();
      }
      const outcome = await updateSystem(db, id, input, currentUser(request).id);
      if (outcome === 'missing') throw notFound();
      if (outcome === 'taken') {
        const current = found(await findSystem(db, 'all', id));
        throw conflict(fill(ADMIN_MESSAGES.systemNameTaken, { nome: input.nome ?? current.nome }));
      }
      return found(await findSystem(db, 'all', id));
    },
  });

  // Places: plants, SCDs and venues of the administered systems.
  const placeInScope = async (request: FastifyRequest, tipo: PlaceKind, id: number) =>
    found(await findPlace(db, adminScope(request), tipo, id));

  /** An SCD's plant must be of its system; plants and SCDs need UF and coordinates. */
  const checkPlace = async (
    tipo: PlaceKind,
    systemId: number,
    p: { uf?: string | null; lat?: number | null; lon?: number | null; usinaId?: number | null },
  ) => {
    if (p.usinaId != null && (tipo !== 'scd' || !(await plantInSystem(db, p.usinaId, systemId)))) {
      throw notFound();
    }
    if (tipo !== 'venue' && (p.uf === null || p.lat === null || p.lon === null)) {
      throw badRequest(ADMIN_MESSAGES.placeLocationRequired);
    }
  };

  app.route({
    ...fromContract(app, API.admin.places),
    handler: async (request) => {
      const scope = adminScope(request);
      const { sisId, tipo } = request.query;
      if (sisId !== undefined) assertSystemInScope(scope, sisId);
      return listPlaces(db, scope, { tipo, systemId: sisId });
    },
  });
  app.route({
    ...fromContract(app, API.admin.place),
    handler: async (request) => placeInScope(request, request.query.tipo, request.params.id),
  });
  app.route({
    ...fromContract(app, API.admin.createPlace),
    handler: async (request, reply) => {
      const { tipo, sisId, ...input } = request.body;
      await assertSystemAdministered(db, adminScope(request), sisId);
      if (tipo !== 'venue' && (input.uf == null || input.lat == null || input.lon == null)) {
        throw badRequest(ADMIN_MESSAGES.placeLocationRequired);
      }
      await checkPlace(tipo, sisId, input);
      const id = await createPlace(db, tipo, sisId, input, currentUser(request).id);
      if (id === 'taken') throw conflict(fill(ADMIN_MESSAGES.placeNameTaken, input));
      return reply.code(201).send(found(await findPlace(db, 'all', tipo, id)));
    },
  });
  app.route({
    ...fromContract(app, API.admin.editPlace),
    handler: async (request) => {
      const { tipo } = request.query;
      const place: Local = await placeInScope(request, tipo, request.params.id);
      await checkPlace(tipo, place.sisId, request.body);
      const outcome = await updatePlace(db, tipo, place, request.body, currentUser(request).id);
      if (outcome === 'taken') {
        throw conflict(fill(ADMIN_MESSAGES.placeNameTaken, { nome: request.body.nome ?? '' }));
      }
      return found(await findPlace(db, 'all', tipo, place.id));
    },
  });
  app.route({
    ...fromContract(app, API.admin.removePlace),
    handler: async (request) => {
      const { tipo } = request.query;
      const place = await placeInScope(request, tipo, request.params.id);
      if ((await removePlace(db, tipo, place, currentUser(request).id)) === 'busy') {
        throw conflict(ADMIN_MESSAGES.placeHasDevices);
      }
      return { mensagem: ADMIN_MESSAGES.removed };
    },
  });

  // Users.
  /**
   * A system administrator changes only users wholly inside their systems and
   * never a platform administrator; the platform's changes anyone.
   */
  const editableUser = async (request: FastifyRequest, id: number): Promise<UsuarioAdmin> => {
    const scope = adminScope(request);
    const user = found(await findAdminUser(db, scope, id));
    if (scope !== 'all') {
      if (user.administradorPlataforma || !user.sistemas.every((s) => scope.includes(s))) {
        throw forbidden(ADMIN_MESSAGES.userOutsideScope);
      }
    }
    return user;
  };

  /** Systems a user is given: all in the caller's administration and existing (404 otherwise). */
  const checkSystems = async (scope: SystemScope, systems: readonly number[]) => {
    const existing = new Set(await existingSystems(db, systems));
    if (systems.some((s) => !existing.has(s) || !inScope(scope, s))) throw notFound();
  };

  const temporaryAnswer = (usuario: UsuarioAdmin, senhaTemporaria: string) => ({
    usuario,
    senhaTemporaria,
    mensagem: ADMIN_MESSAGES.temporaryPassword,
  });

  app.route({
    ...fromContract(app, API.admin.users),
    handler: async (request) => {
      const scope = adminScope(request);
      const { sisId } = request.query;
      if (sisId !== undefined) assertSystemInScope(scope, sisId);
      return listUsers(db, scope, { systemId: sisId });
    },
  });
  app.route({
    ...fromContract(app, API.admin.user),
    handler: async (request) =>
      found(await findAdminUser(db, adminScope(request), request.params.id)),
  });
  app.route({
    ...fromContract(app, API.admin.createUser),
    handler: async (request, reply) => {
      const scope = adminScope(request);
      const input = request.body;
      if (input.administradorPlataforma) requirePlatform(request);
      await checkSystems(scope, input.sistemas);
      const password = newTemporaryPassword();
      const id = await createUser(db, input, await hashPassword(password), currentUser(request).id);
      if (id === undefined) throw conflict(fill(ADMIN_MESSAGES.loginTaken, input));
      const created = found(await findAdminUser(db, 'all', id));
      return reply.code(201).send(temporaryAnswer(created, password));
    },
  });
  app.route({
    ...fromContract(app, API.admin.editUser),
    handler: async (request) => {
      const scope = adminScope(request);
      const user = await editableUser(request, request.params.id);
      const change = request.body;
      if (change.administradorPlataforma !== undefined) requirePlatform(request);
      if (change.sistemas !== undefined) await checkSystems(scope, change.sistemas);
      const losesPlatform =
        user.administradorPlataforma &&
        (change.bloqueado === true || change.administradorPlataforma === false);
      if (losesPlatform && (await otherActivePlatformAdmins(db, user.id)) === 0) {
        throw conflict(ADMIN_MESSAGES.lastPlatformAdmin);
      }
      await updateUser(db, user, change, currentUser(request).id);
      // Rights, systems or a block take effect on the user's next call, on this node at once.
      authenticator.forgetUser(user.id);
      if (change.bloqueado)
        request.log.info({ userId: user.id }, 'usuário bloqueado: sessões encerradas');
      return found(await findAdminUser(db, 'all', user.id));
    },
  });
  app.route({
    ...fromContract(app, API.admin.resetPassword),
    handler: async (request) => {
      const user = await editableUser(request, request.params.id);
      const password = newTemporaryPassword();
      await setTemporaryPassword(db, user, await hashPassword(password), currentUser(request).id);
      authenticator.forgetUser(user.id);
      return temporaryAnswer(found(await findAdminUser(db, 'all', user.id)), password);
    },
  });

  // Devices and their keys.
  app.route({
    ...fromContract(app, API.admin.models),
    handler: async (request) => {
      adminScope(request);
      return listModels(db);
    },
  });
  app.route({
    ...fromContract(app, API.admin.devices),
    handler: async (request) => {
      const scope = adminScope(request);
      const { sisId, filtro } = request.query;
      if (sisId !== undefined) assertSystemInScope(scope, sisId);
      return listAdminDevices(db, scope, { systemId: sisId, filtro });
    },
  });
  app.route({
    ...fromContract(app, API.admin.device),
    handler: async (request) =>
      found(await findAdminDevice(db, adminScope(request), request.params.id)),
  });

  /** The places a device is put in, each of its system (404 otherwise), and what it inherits. */
  const placementOf = async (
    systemId: number,
    p: { usinaId?: number | null; scdId?: number | null; venueId?: number | null },
  ) => {
    const places: Local[] = [];
    for (const [tipo, id] of [
      ['usina', p.usinaId],
      ['scd', p.scdId],
      ['venue', p.venueId],
    ] as const) {
      if (id == null) continue;
      const place = found(await findPlace(db, [systemId], tipo, id));
      places.push(place);
    }
    return places;
  };

  app.route({
    ...fromContract(app, API.admin.createDevice),
    handler: async (request, reply) => {
      const input = request.body;
      await assertSystemAdministered(db, adminScope(request), input.sisId);
      const model = await findModel(db, input.modeloId);
      if (!model) throw badRequest(ADMIN_MESSAGES.unknownModel);
      const places = await placementOf(input.sisId, input);
      const located = places.find((p) => p.uf !== null);
      const uf = input.uf ?? located?.uf;
      if (!uf) throw badRequest(ADMIN_MESSAGES.ufRequired);
      const id = await createDevice(
        db,
        {
          nome: input.nome,
          patrimonio: input.patrimonio,
          modeloId: model.id,
          tipo: model.tipo,
          systemId: input.sisId,
          usinaId: input.usinaId ?? null,
          scdId: input.scdId ?? null,
          venueId: input.venueId ?? null,
          localNome: input.localNome || places[0]?.nome || input.nome,
          uf,
          lat: input.lat ?? located?.lat ?? null,
          lon: input.lon ?? located?.lon ?? null,
        },
        currentUser(request).id,
      );
      if (id === 'taken') throw conflict(fill(ADMIN_MESSAGES.patrimonioTaken, input));
      // A node that heard from this id before it existed (an unknown id is remembered a minute) reads it again.
      await bus.publishToAllNodes({ type: 'devices.changed', deviceIds: [id] });
      return reply.code(201).send(found(await findAdminDevice(db, 'all', id)));
    },
  });
  app.route({
    ...fromContract(app, API.admin.editDevice),
    handler: async (request) => {
      const device = found(await findAdminDevice(db, adminScope(request), request.params.id));
      const change = request.body;
      await placementOf(device.sisId, change);
      const { localNome, ...rest } = change;
      const outcome = await updateDevice(
        db,
        device,
        { ...rest, ...(localNome ? { localNome } : {}) },
        currentUser(request).id,
      );
      if (outcome === 'taken') {
        throw conflict(
          fill(ADMIN_MESSAGES.patrimonioTaken, { patrimonio: change.patrimonio ?? '' }),
        );
      }
      return found(await findAdminDevice(db, 'all', device.id));
    },
  });
  app.route({
    ...fromContract(app, API.admin.removeDevice),
    handler: async (request) => {
      const device = found(await findAdminDevice(db, adminScope(request), request.params.id));
      if ((await removeDevice(db, device, currentUser(request).id)) === 'history') {
        throw conflict(fill(ADMIN_MESSAGES.deviceHasHistory, device));
      }
      // Its key stops at once: the broker's account goes, every node forgets the key and the device.
      await brokerAccounts?.removeDevice(device.id);
      bus.publish({ type: 'alarmRules.changed', deviceId: device.id });
      await bus.publishToAllNodes({ type: 'devices.changed', deviceIds: [device.id] });
      request.log.info({ deviceId: device.id }, 'dispositivo removido');
      return { mensagem: ADMIN_MESSAGES.removed };
    },
  });
  app.route({
    ...fromContract(app, API.admin.deviceCredentials),
    handler: async (request) => {
      const device = found(await findAdminDevice(db, adminScope(request), request.params.id));
      const key = newDeviceKey();
      // The broker's account first: a key stored but refused by the broker would strand the device.
      await brokerAccounts?.setDeviceKey(device.id, key);
      await replaceDeviceKey(db, device, deviceKeyHash(key), currentUser(request).id);
      // Answered once every node has been told: the old key stops at once everywhere.
      await bus.publishToAllNodes({ type: 'devices.changed', deviceIds: [device.id] });
      request.log.info(
        { deviceId: device.id, rotacao: device.credencial },
        'chave de dispositivo emitida',
      );
      return {
        dispositivo: device.id,
        chave: key,
        usuarioMqtt: brokerAccounts ? deviceBrokerUser(device.id) : null,
        portaMqtt: brokerAccounts ? (services.config.broker?.port ?? null) : null,
        topicoLeituras: `vigia/dispositivos/${device.id}/leituras`,
        mensagem: ADMIN_MESSAGES.credentialsIssued,
      };
    },
  });

  // Alarm rules. A model is the platform's (every system's devices of it share its rules):
  // any administrator reads them, only a platform administrator changes them. A system
  // administrator sets the overrides of their own devices.
  /** 400 with the first rule a change would leave wrong; its ids each once and of the rules listed. */
  const checkRules = <C extends { id: number }>(
    rules: readonly { id: number; tipo: RegraAlarme['tipo']; mensagem: string }[],
    changes: readonly C[],
    valuesOf: (rule: RegraAlarme, change: C) => AlarmRuleValues,
  ) => {
    const byId = new Map(rules.map((r) => [r.id, r as RegraAlarme]));
    const seen = new Set<number>();
    for (const c of changes) {
      if (seen.has(c.id)) throw badRequest(fill(ALARM_RULE_MESSAGES.repeatedRule, c));
      seen.add(c.id);
      const rule = byId.get(c.id);
      if (!rule) throw badRequest(fill(ALARM_RULE_MESSAGES.unknownRule, c));
      const problem = alarmRuleProblem(rule.tipo, valuesOf(rule, c), rule.mensagem);
      if (problem) throw badRequest(problem);
    }
  };

  app.route({
    ...fromContract(app, API.admin.modelRules),
    handler: async (request) => {
      adminScope(request);
      return found(await modelRules(db, request.params.id));
    },
  });
  app.route({
    ...fromContract(app, API.admin.editModelRules),
    handler: async (request) => {
      requirePlatform(request);
      const templateId = request.params.id;
      const model = found(await modelRules(db, templateId));
      const changes = request.body.regras;
      checkRules(model.regras, changes, (rule, c) => ({
        ...c,
        limite: rule.tipo === 'bit' ? null : c.limite,
      }));
      const outcome = await saveModelRules(db, templateId, changes, currentUser(request).id);
      if ('unknownRule' in outcome)
        throw badRequest(fill(ALARM_RULE_MESSAGES.unknownRule, { id: outcome.unknownRule }));
      if (outcome.changed > 0) bus.publish({ type: 'alarmRules.changed', templateId });
      return found(await modelRules(db, templateId));
    },
  });
  app.route({
    ...fromContract(app, API.admin.deviceRules),
    handler: async (request) => {
      const device = found(await findAdminDevice(db, adminScope(request), request.params.id));
      return deviceRules(db, device);
    },
  });
  app.route({
    ...fromContract(app, API.admin.editDeviceRules),
    handler: async (request) => {
      const device = found(await findAdminDevice(db, adminScope(request), request.params.id));
      const current = await deviceRules(db, device);
      const overrides = new Map<number, RuleOverride>(
        request.body.regras.map((r) => [
          r.id,
          {
            limite: r.limite ?? null,
            atraso: r.atraso ?? null,
            critico: r.critico ?? null,
            mensagem: r.mensagem ?? null,
          },
        ]),
      );
      checkRules(current.regras, request.body.regras, (rule, c) =>
        effectiveAlarmRule((rule as RegraDispositivo).modelo, overrides.get(c.id)),
      );
      const outcome = await saveDeviceRules(db, device, overrides, currentUser(request).id);
      if ('unknownRule' in outcome)
        throw badRequest(fill(ALARM_RULE_MESSAGES.unknownRule, { id: outcome.unknownRule }));
      if (outcome.changed > 0) bus.publish({ type: 'alarmRules.changed', deviceId: device.id });
      return deviceRules(db, device);
    },
  });

  // The audit trail of the administered systems.
  app.route({
    ...fromContract(app, API.audit.list),
    handler: async (request) => {
      const scope = adminScope(request);
      const q = request.query;
      if (q.sisId !== undefined) assertSystemInScope(scope, q.sisId);
      return auditTrail(
        db,
        scope,
        {
          systemId: q.sisId,
          userId: q.usuarioId,
          deviceId: q.dispositivoId,
          action: q.acao,
          from: q.inicio,
          to: q.fim,
          beforeId: q.antesDe,
        },
        q.limit ?? AUDIT_PAGE.default,
      );
    },
  });
};
