/// <reference lib="dom" />
/**
 * The route sweep of issue 27: every route of the console's route table
 * (apps/web/src/app/router/routeTable.ts), its params filled with real ids of
 * the demo fleet read from the API as the demo user, opened at 1440×900 and
 * 390×844. Each load records console errors, failed calls, axe violations
 * (WCAG 2.1 AA), horizontal page overflow, CLS, English or internal tokens on
 * screen, and values of an offline or stale device drawn as current.
 *
 * With `VIGIA_SWEEP_SCREENSHOTS=<dir>` each load also leaves `<route id>-<width>.jpg` there
 * (what the screen shows once settled): `docs/screenshots/rotas/` is made this way.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type {
  DeviceRowPage,
  GraphicalConfig,
  OverviewConfig,
  ResumeSiteRow,
  TableConfig,
  TokenResponse,
  UserInfo,
} from '@vigia/contract';
import { rowCommunication } from '@vigia/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../../test-support/services.js';
import { tokensFor } from './api.js';
import { launchChromium, MOBILE, mobileContext, storeSession } from './browser.js';
import { startVigiaServer, type VigiaServer } from './vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
/** A console built elsewhere (a local run beside other builds); default apps/web/dist. */
const WEB_DIST = process.env.VIGIA_E2E_WEB_DIST;

/** What the sweep reads of a route (the table itself is typed by the web app). */
export interface SweptRoute {
  id: string;
  path: string;
  group: 'clientes' | 'cluster' | 'usina' | 'scd' | 'venue' | 'site';
  defaults?: () => Record<string, string>;
}

/**
 * The web route table, read at run time. The specifier is not a literal, so
 * the e2e type check does not pull in the web app's sources.
 */
export async function loadRouteTable(): Promise<readonly SweptRoute[]> {
  const table = new URL('../../apps/web/src/app/router/routeTable.ts', import.meta.url).href;
  const { ROUTES } = (await import(/* @vite-ignore */ table)) as {
    ROUTES: readonly SweptRoute[];
  };
  return ROUTES;
}

/** What a system needs for the console to offer a screen (apps/web/src/app/shell/navRequirements.ts). */
export interface NavRequirement {
  feature?: string;
  tipo?: string;
}

export async function loadNavRequirements(): Promise<Readonly<Record<string, NavRequirement>>> {
  const module = new URL('../../apps/web/src/app/shell/navRequirements.ts', import.meta.url).href;
  const { NAV_REQUIREMENTS } = (await import(/* @vite-ignore */ module)) as {
    NAV_REQUIREMENTS: Readonly<Record<string, NavRequirement>>;
  };
  return NAV_REQUIREMENTS;
}

export const WIDTHS = {
  desktop: { width: 1440, height: 900 },
  mobile: MOBILE,
} as const;
export type Width = keyof typeof WIDTHS;

const SCREENSHOTS_DIR = process.env.VIGIA_SWEEP_SCREENSHOTS;
if (SCREENSHOTS_DIR) mkdirSync(SCREENSHOTS_DIR, { recursive: true });

export const CATEGORIES = [
  'console',
  'failedCall',
  'axe',
  'overflow',
  'cls',
  'token',
  'staleAsCurrent',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Categories whose listed defects come and go with the machine's load (a call
 * answered before or after the first paint): a listed one that does not occur
 * in a load is printed, not failed. A new one fails like any other.
 */
export const TIMING_DEPENDENT: ReadonlySet<Category> = new Set(['cls', 'overflow']);

/** CLS over this is a defect (issue 27: ≤ 0.05 on every route at both widths). */
export const CLS_LIMIT = 0.05;

/**
 * English or internal words that must not reach an operator (issue 27). Each
 * is matched as a whole word, case-sensitively unless said:
 * - 'ONLINE MODE', 'YES', 'NO' (upper case): raw UPS/panel enum values; the
 *   pt-BR 'NO' never occurs upper case alone ('no' is a preposition).
 * - 'STATUS <n>': raw register names such as 'MODO (STATUS 1)'.
 * - 'transformer', 'batmon', 'io', 'qta' (lower case): device type codes of
 *   the API; the labels are 'Transformador', 'Monitor de Bateria', 'I/O',
 *   'QTA' (upper case, an acronym the spec uses, so not matched).
 * - 'undefined', 'null', 'NaN', '[object Object]', 'Invalid Date': values that
 *   went around the formatters.
 */
export const TOKEN_PATTERNS: readonly RegExp[] = [
  /\bONLINE MODE\b/,
  /\b(YES|NO)\b/,
  /\bSTATUS \d+\b/,
  /\b(transformer|batmon|qta)\b/,
  /(^|[\s(:])io([\s),.]|$)/m,
  /\b(undefined|null|NaN)\b/,
  /\[object Object\]/,
  /\bInvalid Date\b/,
];

export interface DemoFleet {
  /** Params of each route group; each also carries `sisId`. */
  params: Record<SweptRoute['group'], Record<string, string>>;
  /** Each system's features and device types (what the console offers it). */
  systems: Map<number, { recursos: readonly string[]; tipos: ReadonlySet<string> }>;
  /** Devices the API says are offline or stale now: id → asset number. */
  notCurrent: Map<number, string>;
}

type Api = <T>(path: string) => Promise<T>;

/** Real ids of the demo fleet, read from the API as the signed-in user. */
export async function demoFleet(api: Api): Promise<DemoFleet> {
  const { sistemas } = await api<UserInfo>('/api/User/userinfo');
  const sistemaIds = new Set(sistemas.map((s) => s.id));
  const places = async (tipoSite: number) =>
    (
      await api<{ itens: ResumeSiteRow[] }>(
        `/api/DataResumeSite/${tipoSite}/dataResumeSite?limit=100`,
      )
    ).itens;
  const [plants, scds, venues, devices] = await Promise.all([
    places(2),
    places(3),
    places(4),
    api<DeviceRowPage>('/api/dispositivos/infosFiltro?limit=1000').then((p) => p.itens),
  ]);
  const need = <T>(value: T | undefined | null, what: string): T => {
    if (value === undefined || value === null) throw new Error(`demo sem ${what}`);
    return value;
  };
  const first = <T extends { idOverview?: number | null; idGraphical?: number | null }>(
    list: T[],
    key: 'idOverview' | 'idGraphical',
    what: string,
  ) => String(need(list.find((c) => c[key] !== null)?.[key], what));

  // An SCD and its plant (both with a measuring device and presets), in one system.
  const scd = need(scds[0], 'SCD');
  const plant = need(
    plants.find((p) => p.id === scd.usinaId),
    'usina do SCD',
  );
  const sisId = String(scd.sisId);
  const venue = need(venues[0], 'venue');
  const energyCenter = need(
    devices.find((d) => d.energyCenterId !== null && d.sisId === venue.sisId),
    'energy center',
  );
  const tank = need(
    devices.find((d) => d.tipo === 'tanque' && d.sisId === scd.sisId),
    'tanque no sistema do SCD',
  );
  // A generator inside the plant: charts, reports, hour meter, operational info.
  const generator = need(
    devices.find((d) => d.tipo === 'gerador' && d.usinaId === plant.id),
    'gerador na usina',
  );
  const placeDevice = (kind: 'usina' | 'scd', id: number) =>
    need(
      devices.find((d) => d.tipo === kind && (kind === 'usina' ? d.usinaId : d.scdId) === id),
      `medidor do ${kind} ${id}`,
    );
  const [
    plantOverviews,
    scdOverviews,
    siteOverviews,
    plantCharts,
    scdCharts,
    siteCharts,
    plantReports,
    scdReports,
    siteReports,
  ] = await Promise.all([
    api<OverviewConfig[]>(`/api/ConfigurationOverview/${plant.id}/overview?tipoLocal=usina`),
    api<OverviewConfig[]>(`/api/ConfigurationOverview/${scd.id}/overview?tipoLocal=scd`),
    api<OverviewConfig[]>(`/api/ConfigurationOverview/${generator.id}/overview`),
    api<GraphicalConfig[]>(`/api/ConfigurationGraphical/${plant.id}/graphical?tipoLocal=usina`),
    api<GraphicalConfig[]>(`/api/ConfigurationGraphical/${scd.id}/graphical?tipoLocal=scd`),
    api<GraphicalConfig[]>(
      `/api/ConfigurationGraphical/${generator.id}/graphical?tipoLocal=dispositivo`,
    ),
    api<TableConfig[]>(`/api/ConfigurationTable/${placeDevice('usina', plant.id).id}/table`),
    api<TableConfig[]>(`/api/ConfigurationTable/${placeDevice('scd', scd.id).id}/table`),
    api<TableConfig[]>(`/api/ConfigurationTable/${generator.id}/table`),
  ]);
  // A preset the report route opens (not one with a screen of its own).
  const report = (list: TableConfig[], what: string) =>
    String(
      need(
        list.find(
          (c) =>
            c.idTabela !== null &&
            !['horimetro', 'infosOperacionais'].includes(c.table?.tipo ?? ''),
        )?.idTabela,
        what,
      ),
    );
  const systems = new Map(
    await Promise.all(
      sistemas.map(async (s) => {
        const tipos = await api<{ tipo: string; total: number }[]>(
          `/api/User/listatipos?sisid=${s.id}`,
        );
        const present = new Set(tipos.filter((t) => t.total > 0).map((t) => t.tipo));
        return [s.id, { recursos: s.recursos ?? [], tipos: present }] as const;
      }),
    ),
  );
  const nowSec = Math.floor(Date.now() / 1000);
  const notCurrent = new Map(
    devices
      .filter((d) => sistemaIds.has(d.sisId) && rowCommunication(d, nowSec).quality !== 'online')
      .map((d) => [d.id, d.patrimonio] as const),
  );
  return {
    notCurrent,
    systems,
    params: {
      clientes: { sisId: '0' },
      cluster: { sisId, siteId: String(tank.id) },
      usina: {
        sisId: String(plant.sisId),
        usinaId: String(plant.id),
        overviewId: first(plantOverviews, 'idOverview', 'visão geral da usina'),
        chartId: first(plantCharts, 'idGraphical', 'gráfico da usina'),
        reportId: report(plantReports, 'relatório da usina'),
      },
      scd: {
        sisId: String(scd.sisId),
        scdId: String(scd.id),
        overviewId: first(scdOverviews, 'idOverview', 'visão geral do SCD'),
        chartId: first(scdCharts, 'idGraphical', 'gráfico do SCD'),
        reportId: report(scdReports, 'relatório do SCD'),
      },
      venue: {
        sisId: String(venue.sisId),
        venueId: String(venue.id),
        energycenterId: String(energyCenter.energyCenterId),
      },
      site: {
        sisId: String(generator.sisId),
        scdId: String(generator.scdId ?? 0),
        usinaId: String(generator.usinaId ?? 0),
        siteId: String(generator.id),
        overviewId: first(siteOverviews, 'idOverview', 'visão geral do gerador'),
        chartId: first(siteCharts, 'idGraphical', 'gráfico do gerador'),
        reportId: report(siteReports, 'relatório do gerador'),
      },
    },
  };
}

/**
 * `#/<sisId>/<path>` with every `:param` filled; throws on a param the fleet
 * lacks. A screen only some systems have (`need`) opens under the group's
 * system when it has it, else (cluster screens) under the first system that does.
 */
export function routeHash(route: SweptRoute, fleet: DemoFleet, need?: NavRequirement): string {
  const params = { ...fleet.params[route.group], ...route.defaults?.() };
  const offers = (sisId: number) => {
    const system = fleet.systems.get(sisId);
    return (
      system !== undefined &&
      (!need?.feature || system.recursos.includes(need.feature)) &&
      (!need?.tipo || system.tipos.has(need.tipo))
    );
  };
  if (need && !offers(Number(params.sisId))) {
    const other = [...fleet.systems.keys()].find(offers);
    if (route.group !== 'cluster' || other === undefined)
      throw new Error(`${route.id}: nenhum sistema do demo oferece a tela`);
    params.sisId = String(other);
  }
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.id}: sem valor para :${name}`);
    return value;
  });
  return `#/${params.sisId}/${path}`;
}

/** One load's findings, by category (empty: clean). */
export type Findings = Record<Category, string[]>;

/** A page of one width, signed in, with the CLS observer and the error listeners. */
export interface SweepPage {
  width: Width;
  /** Milliseconds spent in each phase over all loads. */
  phases: Phases;
  context: BrowserContext;
  page: Page;
  /** An unmeasured load of the console's home. */
  warmUp(): Promise<void>;
  /** Opens `hash` as a new document and records its findings; `name` names its screenshot. */
  visit(hash: string, name?: string): Promise<Findings>;
}

export interface Phases {
  /** Navigation until the screen's heading shows. */
  heading: number;
  /** Until the calls are quiet, plus the CLS wait. */
  settle: number;
  measure: number;
  axe: number;
}

declare global {
  interface Window {
    __sweepCls?: number;
  }
}

/** Calls that never end while a screen is open (the live event stream). */
const LONG_LIVED = /\/api\/eventos/;

export async function openSweepPage(
  browser: Browser,
  baseUrl: string,
  width: Width,
  notCurrent: ReadonlyMap<number, string>,
  tokens?: TokenResponse,
): Promise<SweepPage> {
  const context =
    width === 'mobile'
      ? await mobileContext(browser)
      : await browser.newContext({ viewport: WIDTHS.desktop, locale: 'pt-BR' });
  await context.addInitScript(() => {
    window.__sweepCls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) window.__sweepCls = (window.__sweepCls ?? 0) + entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  await storeSession(page, baseUrl, tokens ?? (await tokensFor(baseUrl, 'demo')));

  let current: Findings = emptyFindings();
  const pending = new Set<object>();
  let lastActivity = Date.now();
  const apiCall = (url: string) => url.startsWith(`${baseUrl}/api`) && !LONG_LIVED.test(url);
  // Chromium asks the JSON page storeSession opened for its /favicon.ico (the
  // console itself names its icon): not the console's error.
  await page.goto('about:blank');
  page.on('console', (message) => {
    if (message.type() !== 'error' || message.location().url.endsWith('/favicon.ico')) return;
    current.console.push(message.text().slice(0, 300));
  });
  page.on('pageerror', (error) => current.console.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    if (!apiCall(request.url())) return;
    pending.add(request);
    lastActivity = Date.now();
  });
  page.on('requestfinished', (request) => {
    pending.delete(request);
    lastActivity = Date.now();
  });
  page.on('response', (response) => {
    if (response.url().startsWith(baseUrl) && response.status() >= 400)
      current.failedCall.push(`${response.status()} ${shortUrl(response.url(), baseUrl)}`);
  });
  page.on('requestfailed', (request) => {
    pending.delete(request);
    lastActivity = Date.now();
    const failure = request.failure()?.errorText ?? '';
    // A call the next screen or an unmount cancelled is not a failure.
    if (/ERR_ABORTED|NS_BINDING_ABORTED/.test(failure)) return;
    if (!request.url().startsWith(baseUrl)) return;
    current.failedCall.push(`${failure} ${shortUrl(request.url(), baseUrl)}`);
  });

  /** No API call in flight for 400 ms (at most 15 s), then 300 ms for late shifts. */
  async function settle(): Promise<void> {
    const start = Date.now();
    while (Date.now() - start < 15_000) {
      if (pending.size === 0 && Date.now() - lastActivity >= 400) break;
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(300);
  }

  let loads = 0;
  const phases: Phases = { heading: 0, settle: 0, measure: 0, axe: 0 };
  return {
    width,
    phases,
    context,
    page,
    async warmUp() {
      await page.goto(`${baseUrl}/`, { timeout: 90_000 });
      await page.locator('main h1').first().waitFor({ timeout: 90_000 });
    },
    async visit(hash, name) {
      current = emptyFindings();
      pending.clear();
      lastActivity = Date.now();
      // A new document each time: every route measured as it opens from a link or a bookmark.
      const t0 = Date.now();
      await page.goto(`${baseUrl}/?carga=${++loads}${hash}`);
      // The screen's heading, or the message of a screen refused to this user.
      await page
        .locator('main h1, main [role="heading"], main [role="alert"], main [role="status"]')
        .first()
        .waitFor({ timeout: 45_000 });
      const t1 = Date.now();
      await settle();
      const t2 = Date.now();
      const findings = current;
      const measured = await page.evaluate(
        ({ patterns, offline }) => {
          const root = document.documentElement;
          // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, hidden text left out
          const text = document.body.innerText;
          const tokens: string[] = [];
          for (const source of patterns) {
            const match = new RegExp(source.source, source.flags).exec(text);
            if (match) {
              const at = match.index;
              tokens.push(
                `'${match[0].trim()}' em "${text.slice(Math.max(0, at - 30), at + 30).replace(/\s+/g, ' ')}"`,
              );
            }
          }
          // A row of an offline or stale device must mark it (data-quality on its
          // values, or the phone marker); a value drawn plain passes for current.
          const stale: string[] = [];
          for (const row of Array.from(document.querySelectorAll<HTMLElement>('tr[data-row-id]'))) {
            // Its id and its asset number: a device row, not another list's row of the same id.
            const id = Number(row.dataset.rowId);
            const asset = offline.find(([device]) => device === id)?.[1];
            if (asset === undefined || !(row.textContent ?? '').includes(asset)) continue;
            if (row.querySelector('[data-quality], [data-quality-marker]')) continue;
            const numbers = Array.from(row.querySelectorAll('td')).filter((td) =>
              /\d/.test(td.textContent ?? ''),
            );
            if (numbers.length > 0)
              stale.push(
                `linha ${id}: "${(row.textContent ?? '').replace(/\s+/g, ' ').slice(0, 80)}"`,
              );
          }
          return {
            cls: window.__sweepCls ?? 0,
            overflow: root.scrollWidth - root.clientWidth,
            tokens,
            stale,
          };
        },
        {
          patterns: TOKEN_PATTERNS.map((p) => ({ source: p.source, flags: p.flags })),
          offline: [...notCurrent.entries()],
        },
      );
      if (measured.cls > CLS_LIMIT) findings.cls.push(`CLS ${measured.cls.toFixed(3)}`);
      if (measured.overflow > 1) findings.overflow.push(`${measured.overflow} px além da largura`);
      findings.token.push(...measured.tokens);
      findings.staleAsCurrent.push(...measured.stale);
      if (SCREENSHOTS_DIR && name) {
        // Unpinned, the navigation opens over the page at each load and closes 2.5 s later
        // (spec 000 §2): the picture is of the screen, so it waits for it to close.
        await page
          .locator('[data-testid="side-nav"][data-state="collapsed"]')
          .waitFor({ timeout: 5_000 })
          .then(() => page.waitForTimeout(500)) // its closing transition
          .catch(() => undefined);
        await page.screenshot({
          path: join(SCREENSHOTS_DIR, `${name}-${WIDTHS[width].width}.jpg`),
          type: 'jpeg',
          quality: 60,
        });
      }
      const t3 = Date.now();
      // Legacy mode: one axe.run in the page. The default runs each frame apart and
      // opens a page to merge them, which doubles a load's time; the console has no frames.
      // Only violations are read: axe then builds selectors and node details for those
      // alone, not for every passing element. (`options` replaces what `withTags` set, so first.)
      const axe = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .setLegacyMode()
        .analyze();
      findings.axe.push(
        ...axe.violations.map(
          (v) =>
            `${v.id} (${v.nodes.length}): ${v.nodes
              .slice(0, 2)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
        ),
      );
      phases.heading += t1 - t0;
      phases.settle += t2 - t1;
      phases.measure += t3 - t2;
      phases.axe += Date.now() - t3;
      return findings;
    },
  };
}

function emptyFindings(): Findings {
  return Object.fromEntries(CATEGORIES.map((c) => [c, []])) as unknown as Findings;
}

function shortUrl(url: string, baseUrl: string): string {
  return url.slice(baseUrl.length).replace(/access_token=[^&]+/, 'access_token=…');
}

/** `<route id>@<width>` → categories expected to fail there (the ratchet). */
export type ExpectedDefects = Readonly<Record<string, readonly Category[]>>;

/** Collects every load of a file and prints its counts at the end. */
export class SweepReport {
  readonly loads: { key: string; findings: Findings; ms: number }[] = [];

  constructor(private readonly title: string) {}

  add(key: string, findings: Findings, ms: number) {
    this.loads.push({ key, findings, ms });
  }

  /** The categories found at `key`, in CATEGORIES order. */
  static categories(findings: Findings): Category[] {
    return CATEGORIES.filter((c) => findings[c].length > 0);
  }

  print(expected: ExpectedDefects, pages: readonly SweepPage[]): void {
    const routes = new Set(this.loads.map((l) => l.key.split('@')[0]));
    const lines = [
      `\nVarredura de rotas (${this.title}): ${routes.size} rotas, ${this.loads.length} cargas, ` +
        `${(this.loads.reduce((s, l) => s + l.ms, 0) / 1000).toFixed(1)} s`,
    ];
    for (const p of pages) {
      const total = Object.values(p.phases).reduce((a, b) => a + b, 0) || 1;
      lines.push(
        `  ${p.width}: ${Object.entries(p.phases)
          .map(([phase, ms]) => `${phase} ${((ms / total) * 100).toFixed(0)} %`)
          .join(', ')}`,
      );
    }
    for (const category of CATEGORIES) {
      const hit = this.loads.filter((l) => l.findings[category].length > 0);
      lines.push(`  ${category.padEnd(15)} ${String(hit.length).padStart(3)} cargas`);
    }
    const worst = this.loads
      .map((l) => ({ key: l.key, n: SweepReport.categories(l.findings).length }))
      .filter((l) => l.n > 0)
      .sort((a, b) => b.n - a.n)
      .slice(0, 8);
    if (worst.length > 0) {
      lines.push('  piores:');
      for (const w of worst) lines.push(`    ${w.key}: ${w.n} categorias`);
    }
    const listed = Object.entries(expected).filter(([key]) =>
      this.loads.some((l) => l.key === key),
    );
    lines.push(`  defeitos esperados (lista da catraca): ${listed.length} cargas`);
    for (const [key, categories] of listed) lines.push(`    ${key}: ${categories.join(', ')}`);
    console.log(lines.join('\n'));
  }
}

/** A load's findings as one readable string, for a failing assertion. */
export function describeFindings(findings: Findings): string {
  return CATEGORIES.filter((c) => findings[c].length > 0)
    .map((c) => `${c}: ${findings[c].join(' | ')}`)
    .join('\n');
}

/**
 * The sweep of the route groups `groups`: one server and one browser for the
 * file, one page per width, one test per route (both widths). A route fails
 * on any finding not in `expected`, and on an expected one that is gone (the
 * list only shrinks).
 */
export function describeRouteSweep(
  title: string,
  groups: readonly SweptRoute['group'][],
  expected: ExpectedDefects,
): void {
  describe.runIf(hasChromium)(
    `route sweep (${title}) in Chromium against the real server`,
    async () => {
      const routes = (await loadRouteTable()).filter((r) => groups.includes(r.group));
      const requirements = await loadNavRequirements();
      const report = new SweepReport(title);
      let server: VigiaServer;
      let browser: Browser;
      let fleet: DemoFleet;
      const pages: SweepPage[] = [];

      beforeAll(async () => {
        [server, browser] = await Promise.all([
          // The two widths are one user loading two pages at once: twice one page's heavy calls.
          startVigiaServer({
            VIGIA_HEAVY_CALLS_PER_USER: '8',
            ...(WEB_DIST ? { VIGIA_WEB_DIST: WEB_DIST } : {}),
          }),
          launchChromium(),
        ]);
        const tokens = await tokensFor(server.url, 'demo');
        fleet = await demoFleet(async (path) => {
          const response = await fetch(`${server.url}${path}`, {
            headers: { Authorization: `Bearer ${tokens.access_token}` },
          });
          if (!response.ok) throw new Error(`${path}: ${response.status}`);
          return response.json();
        });
        // Each width its own sign-in (a refresh token used by two contexts counts as reuse).
        for (const width of Object.keys(WIDTHS) as Width[])
          pages.push(await openSweepPage(browser, server.url, width, fleet.notCurrent));
        // One unmeasured load each: the first route is not the one that pays for a
        // cold browser cache and a server still compiling its first answers.
        for (const p of pages) await p.warmUp();
      }, 120_000);

      afterAll(async () => {
        report.print(expected, pages);
        for (const p of pages) await p.context.close();
        await browser?.close();
        await server?.stop();
      });

      it('covers every route of its groups', () => {
        expect(routes.length).toBeGreaterThan(0);
        // Every listed key names a route and width of this file.
        const keys = new Set(routes.flatMap((r) => Object.keys(WIDTHS).map((w) => `${r.id}@${w}`)));
        expect(Object.keys(expected).filter((key) => !keys.has(key))).toEqual([]);
      });

      for (const route of routes) {
        it(route.id, async () => {
          const hash = routeHash(route, fleet, requirements[route.id]);
          const problems: string[] = [];
          // Both widths at once: one's waits for quiet calls overlap the other's axe run.
          const visits = await Promise.all(
            pages.map(async (p) => {
              const started = Date.now();
              const findings = await p.visit(hash, route.id);
              return { p, findings, ms: Date.now() - started };
            }),
          );
          for (const { p, findings, ms } of visits) {
            const key = `${route.id}@${p.width}`;
            report.add(key, findings, ms);
            const found = SweepReport.categories(findings);
            const listed = expected[key] ?? [];
            const unexpected = found.filter((c) => !listed.includes(c));
            const gone = listed.filter((c) => !found.includes(c) && !TIMING_DEPENDENT.has(c));
            if (unexpected.length > 0)
              problems.push(`${key} ${hash}: defeitos novos\n${describeFindings(findings)}`);
            if (gone.length > 0)
              problems.push(
                `${key}: ${gone.join(', ')} não ocorre(m) mais — tire da lista de defeitos esperados`,
              );
            if (found.length > 0) console.log(`${key} ${hash}\n${describeFindings(findings)}`);
            const absent = listed.filter((c) => !found.includes(c) && TIMING_DEPENDENT.has(c));
            if (absent.length > 0)
              console.log(`${key}: ${absent.join(', ')} listado(s), não ocorreu nesta carga`);
          }
          expect(problems, problems.join('\n\n')).toEqual([]);
        }, 90_000);
      }
    },
  );
}
