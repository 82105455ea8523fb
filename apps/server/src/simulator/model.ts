import {
  GENERATOR_MODES,
  MAINS_SWITCH_CLOSED_BIT,
  SWITCH_CLOSED_BIT,
  SWITCH_OPEN_BIT,
} from '@vigia/domain';
import { createRandom, type Random } from '../seed/random.js';

/**
 * The physics of the demo fleet, shared by the seed (30 days of history in
 * 15-minute steps) and the live simulator (steps of seconds): every process
 * is written per unit of time so the step size does not change the behaviour.
 *
 * A site groups devices that share mains, load and fuel: mains failures start
 * the standby generators and make the transfer panel move the load; prime
 * plants run all day following a load curve; tanks drain with the generators
 * and are refuelled by a truck some hours after running low; meters
 * accumulate energy; temperatures drift into alarm now and then and recover.
 */
export interface ModelDevice {
  id: number;
  tipo: string;
  site: string;
  params: Record<string, number | string>;
  /** Reports the signal of its cellular modem (`netAntenaSignal`, CSQ 0–31). */
  modem?: boolean;
  /** A tank whose fuel delivery is late: it is at `level` (fraction) at the anchor and stays low. */
  lateDelivery?: { level: number };
  /** Prime generators: load as a fraction of kwn, from night to afternoon (default 0.58–0.88). */
  loadProfile?: [number, number];
}

/** Something that happens at a site at a fixed time before the anchor (the seed's "now"). */
export interface SiteIncident {
  site: string;
  /** 'mains': the utility fails; 'powerFactor': the meter's power factor drops (capacitor bank off). */
  kind: 'mains' | 'powerFactor';
  hoursBefore: number;
  minutes: number;
}

export interface FleetModelOptions {
  /**
   * The reference time of the scenarios (the seed passes its "now"; the live
   * simulator its first step): late tanks reach their level at it and wait
   * two to three days more for the truck; incidents are placed before it.
   */
  anchor?: number;
  incidents?: readonly SiteIncident[];
}

type Tank = {
  litros: number;
  capacidade: number;
  refillAt: number | null;
  /** Delivery late: the level it reaches at the anchor and when the truck finally comes. */
  late: { level: number; dueAt: number | null } | null;
};

export type Readings = Record<string, number>;

const HOUR = 3600;
const DAY = 86400;
/** Local time of the fleet (spec: remote timestamps are -0300). */
const UTC_OFFSET = -3 * HOUR;
/** Diesel consumption of a generator set, litres per kWh at typical loads. */
const LITRES_PER_KWH = 0.27;

interface Excursion {
  start: number;
  end: number;
  peak: number;
}

interface SiteState {
  key: string;
  rng: Random;
  standby: boolean;
  prime: boolean;
  mainsOk: boolean;
  failureEndsAt: number;
  /** Site load in kW (building or plant export). */
  loadKW: number;
  baseLoadKW: number;
  genKW: number;
  genRunning: number;
  generators: number;
  tankDeviceId: number | null;
  /** QTA commanded to carry the load on the generators with the mains present. */
  forcedTransfer: boolean;
  tank: Tank | null;
  incidents: { kind: SiteIncident['kind']; start: number; end: number }[];
}

interface DeviceState {
  device: ModelDevice;
  rng: Random;
  site: SiteState;
  num: (name: string, fallback: number) => number;
  running: boolean;
  ownFuel: Tank | null;
  acc: Record<string, number>;
  excursion: Excursion | null;
  maintenanceUntil: number;
  startFailed: boolean;
  doorUntil: number;
  walk: number[];
  dayKey: number;
  swapAt: number | null;
  /** modoWeb: 1 Parado, 2 Manual, 4 Semi, 8 Auto, 16 Teste. */
  mode: number;
  /** A start (true) or stop (false) command; null: automatic. */
  forced: boolean | null;
  breakerOpen: boolean;
  /** Mean modem signal (CSQ); null without a modem. */
  signal: number | null;
  signalRng: Random;
}

/** Devices with a cellular modem get a mean signal of their own (weak at some sites). */
function modemSignal(device: ModelDevice, seed: number) {
  const signalRng = createRandom(seed).fork(`modem:${device.id}`);
  return { signal: device.modem ? signalRng.between(9, 29) : null, signalRng };
}

const round = (value: number, decimals = 2) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Fraction of the day's load: 0 at 04:00 local, 1 at 16:00. */
export function dailyShape(ts: number): number {
  const hour = ((((ts + UTC_OFFSET) % DAY) + DAY) % DAY) / HOUR;
  return 0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - 4)) / 24);
}
const localDay = (ts: number) => Math.floor((ts + UTC_OFFSET) / DAY);
/** Probability that an event with the given mean interval happens within dt. */
const happens = (rng: Random, meanIntervalS: number, dt: number) =>
  rng.next() < 1 - Math.exp(-dt / meanIntervalS);
/** First-order approach of `value` to `target` with time constant tau. */
const approach = (value: number, target: number, dt: number, tau: number) =>
  value + (target - value) * (1 - Math.exp(-dt / tau));

function excursionLevel(ex: Excursion | null, t: number): number {
  if (!ex || t < ex.start || t >= ex.end) return 0;
  const mid = (ex.start + ex.end) / 2;
  const fraction = t < mid ? (t - ex.start) / (mid - ex.start) : (ex.end - t) / (ex.end - mid);
  return ex.peak * clamp(fraction * 1.6, 0, 1);
}

export class FleetModel {
  private readonly sites = new Map<string, SiteState>();
  private readonly devices: DeviceState[];
  private readonly byId = new Map<number, DeviceState>();
  private anchor: number | null;
  private readonly incidents: readonly SiteIncident[];

  constructor(
    devices: readonly ModelDevice[],
    seed: number,
    resume: ReadonlyMap<number, Readings> = new Map(),
    options: FleetModelOptions = {},
  ) {
    this.anchor = options.anchor ?? null;
    this.incidents = options.incidents ?? [];
    const sorted = [...devices].sort((a, b) => a.id - b.id);
    for (const d of sorted) {
      if (this.sites.has(d.site)) continue;
      const members = sorted.filter((m) => m.site === d.site);
      const gens = members.filter((m) => m.tipo === 'gerador');
      const prime = gens.some((g) => g.params.regime === 'prime');
      const rng = createRandom(seed).fork(`site:${d.site}`);
      const tankDevice = members.find((m) => m.tipo === 'tanque');
      const capacidade = Number(tankDevice?.params.capacidade ?? 0);
      const resumed = tankDevice ? resume.get(tankDevice.id)?.litros : undefined;
      // A resumed tank is still waiting for its late truck only while it is low.
      const late =
        tankDevice?.lateDelivery &&
        (resumed === undefined || resumed < capacidade * (tankDevice.lateDelivery.level + 0.1))
          ? { level: tankDevice.lateDelivery.level, dueAt: null }
          : null;
      const genKwn = gens.reduce((sum, g) => sum + Number(g.params.kwn ?? 0), 0);
      this.sites.set(d.site, {
        key: d.site,
        rng,
        standby: gens.length > 0 && !prime,
        prime,
        mainsOk: true,
        failureEndsAt: 0,
        loadKW: 0,
        baseLoadKW:
          d.site === 'arena' ? 1400 : d.site === 'padaria' ? 45 : genKwn > 0 ? genKwn * 0.7 : 120,
        genKW: 0,
        genRunning: 0,
        generators: gens.length,
        tankDeviceId: tankDevice?.id ?? null,
        forcedTransfer: false,
        tank: tankDevice
          ? {
              capacidade,
              litros:
                resumed ?? capacidade * (late ? rng.between(0.6, 0.95) : rng.between(0.15, 0.95)),
              refillAt: null,
              late,
            }
          : null,
        incidents: [],
      });
    }
    this.devices = sorted.map((device) => this.initDevice(device, seed, resume.get(device.id)));
    for (const d of this.devices) this.byId.set(d.device.id, d);
    if (this.anchor !== null) this.placeScenarios(this.anchor);
  }

  /** Fixes the anchor: incidents before it, late deliveries two to three days after it. */
  private placeScenarios(anchor: number) {
    for (const site of this.sites.values()) {
      site.incidents = this.incidents
        .filter((i) => i.site === site.key)
        .map((i) => {
          const start = anchor - i.hoursBefore * HOUR;
          return { kind: i.kind, start, end: start + i.minutes * 60 };
        });
      if (site.tank?.late) site.tank.late.dueAt = anchor + site.rng.between(2 * DAY, 3 * DAY);
    }
  }

  /**
   * A remote command as the device's controller would take it: modoWeb (100),
   * start/stop (101, switches to Manual), alarm reset (102), QTA transfer (110),
   * TFR mains breaker (120), start/stop every generator of a plant (130).
   * Answers false when the device does not support it.
   */
  applyCommand(deviceId: number, parameterId: number, value: number): boolean {
    const s = this.byId.get(deviceId);
    if (!s) return false;
    const tipo = s.device.tipo;
    if (parameterId === 100 && ['gerador', 'qta', 'tfr'].includes(tipo) && GENERATOR_MODES[value]) {
      s.mode = value;
      if (value === 8) s.forced = null;
      return true;
    }
    if (tipo === 'gerador' && parameterId === 101) {
      s.mode = 2;
      s.forced = value === 1;
      return true;
    }
    if (tipo === 'gerador' && parameterId === 102) {
      s.startFailed = false;
      return true;
    }
    if (tipo === 'qta' && parameterId === 110) {
      s.site.forcedTransfer = value === 1;
      return true;
    }
    if (tipo === 'tfr' && parameterId === 120) {
      s.breakerOpen = value === 0;
      return true;
    }
    if (tipo === 'usina' && parameterId === 130) {
      for (const d of this.devices) {
        if (d.site === s.site && d.device.tipo === 'gerador') {
          d.mode = 2;
          d.forced = value === 1;
        }
      }
      return true;
    }
    return false;
  }

  private initDevice(device: ModelDevice, seed: number, last: Readings | undefined): DeviceState {
    const rng = createRandom(seed).fork(`device:${device.id}`);
    const site = this.sites.get(device.site);
    if (!site) throw new Error(`site ${device.site} missing`);
    const num = (name: string, fallback: number) => {
      const value = Number(device.params[name]);
      return Number.isFinite(value) && value > 0 ? value : fallback;
    };
    const ownCapacity = device.tipo === 'gerador' && !site.tank ? num('capacidadeTanque', 500) : 0;
    const acc: Record<string, number> = {};
    const resumeAcc = (name: string, initial: number) => {
      acc[name] = last?.[name] ?? initial;
    };
    switch (device.tipo) {
      case 'gerador':
        resumeAcc('kWh', rng.int(20_000, 400_000));
        resumeAcc('horimetro', rng.int(800, 12_000));
        resumeAcc('Partidas', rng.int(100, 2_000));
        // Litres burnt since service: about 60 L an hour run (no draw from rng: the other values stay).
        resumeAcc('combustivelTotal', Math.round((acc.horimetro ?? 0) * 60));
        resumeAcc('OilTemp', 40);
        resumeAcc('TA', 38);
        break;
      case 'medidor':
        resumeAcc('KWH_TOTAL_H', rng.int(1e8, 9e8));
        resumeAcc('MAX_KW', 0);
        break;
      case 'qta':
        // The transfer controller's own counters of the set it starts (hours, energy, litres).
        resumeAcc('horimetro', 0);
        resumeAcc('kWh', 0);
        resumeAcc('combustivelTotal', 0);
        break;
      case 'tfr':
      case 'usina':
      case 'scd':
      case 'qgbt':
      case 'geladeira':
        resumeAcc('kWh', rng.int(100_000, 5_000_000));
        break;
      case 'plc':
      case 'posto':
        resumeAcc('consumoDia', 0);
        resumeAcc('estoque', num('capacidade', 8000) * rng.between(0.5, 0.9));
        break;
      case 'carreta':
        resumeAcc('volume', num('capacidade', 5500) * rng.between(0.3, 0.95));
        break;
      case 'ups':
        resumeAcc('cargaBateria', 100);
        break;
    }
    return {
      device,
      rng,
      site,
      num,
      running: false,
      ownFuel: ownCapacity
        ? {
            capacidade: ownCapacity,
            litros:
              last?.fuelLevel !== undefined
                ? (last.fuelLevel / 100) * ownCapacity
                : ownCapacity * rng.between(0.4, 0.95),
            refillAt: null,
            late: null,
          }
        : null,
      acc,
      excursion: null,
      maintenanceUntil: 0,
      startFailed: false,
      doorUntil: 0,
      walk: [1, 2, 3, 4, 5, 6, 7, 8].map(() => rng.between(20, 70)),
      dayKey: -1,
      swapAt: null,
      mode: 8,
      forced: null,
      breakerOpen: false,
      ...modemSignal(device, seed),
    };
  }

  /** Advances every device to time `t` (epoch seconds) over `dt` seconds; readings per device id. */
  step(t: number, dt: number): Map<number, Readings> {
    if (this.anchor === null) {
      this.anchor = t;
      this.placeScenarios(t);
    }
    const shape = dailyShape(t);
    for (const site of this.sites.values()) this.stepSite(site, t, dt, shape);
    const out = new Map<number, Readings>();
    // Generators first: the other devices of a site see this step's generation.
    for (const state of this.devices) {
      if (state.device.tipo === 'gerador')
        out.set(state.device.id, this.generator(state, t, dt, shape));
    }
    for (const state of this.devices) {
      if (state.device.tipo !== 'gerador')
        out.set(state.device.id, this.other(state, t, dt, shape));
    }
    for (const state of this.devices) {
      const signal = state.signal;
      if (signal === null) continue;
      const readings = out.get(state.device.id);
      if (readings)
        readings.netAntenaSignal = Math.round(clamp(signal + state.signalRng.noise(1.5), 0, 31));
    }
    for (const site of this.sites.values()) {
      if (site.tank?.late) this.lateDelivery(site.tank, site.rng, t, dt);
      else this.refuel(site.tank, site.rng, t, site.prime ? 0.35 : 0.25);
    }
    return out;
  }

  /**
   * Before the anchor, other consumers of the site (boilers, an oven) draw the
   * tank down to the late level; after it the truck comes at `dueAt`, or within
   * hours when the tank is nearly empty. Then it is an ordinary tank again.
   */
  private lateDelivery(tank: Tank, rng: Random, t: number, dt: number) {
    const late = tank.late;
    if (!late || this.anchor === null) return;
    if (t < this.anchor) {
      const excess = tank.litros - late.level * tank.capacidade;
      if (excess > 0) tank.litros -= (excess * Math.min(dt, this.anchor - t)) / (this.anchor - t);
      return;
    }
    this.refuel(tank, rng, t, 0.03);
    if (tank.refillAt === null && late.dueAt !== null && t >= late.dueAt) {
      tank.litros = tank.capacidade * rng.between(0.9, 0.97);
    }
    if (tank.litros > tank.capacidade * 0.5) tank.late = null;
  }

  private incident(site: SiteState, kind: SiteIncident['kind'], t: number) {
    return site.incidents.find((i) => i.kind === kind && t >= i.start && t < i.end);
  }

  private stepSite(site: SiteState, t: number, dt: number, shape: number) {
    site.genKW = 0;
    site.genRunning = 0;
    const outage = this.incident(site, 'mains', t);
    if (site.standby && outage) {
      site.mainsOk = false;
      site.failureEndsAt = outage.end;
    } else if (site.standby) {
      if (site.mainsOk && happens(site.rng, 5 * DAY, dt)) {
        site.mainsOk = false;
        site.failureEndsAt = t + site.rng.between(15 * 60, 150 * 60);
      } else if (!site.mainsOk && t >= site.failureEndsAt) {
        site.mainsOk = true;
      }
    }
    site.loadKW = site.baseLoadKW * (0.35 + 0.55 * shape) * (1 + site.rng.noise(0.02));
  }

  private refuel(tank: Tank | null, rng: Random, t: number, threshold: number) {
    if (!tank || tank.capacidade <= 0) return;
    if (tank.refillAt === null && tank.litros < tank.capacidade * threshold) {
      tank.refillAt = t + rng.between(2 * HOUR, 20 * HOUR);
    }
    if (tank.refillAt !== null && t >= tank.refillAt) {
      tank.litros = tank.capacidade * rng.between(0.9, 0.97);
      tank.refillAt = null;
    }
  }

  private maybeExcursion(
    s: DeviceState,
    t: number,
    dt: number,
    meanInterval: number,
    peak: number,
  ) {
    if (s.excursion && t >= s.excursion.end) s.excursion = null;
    if (!s.excursion && happens(s.rng, meanInterval, dt)) {
      s.excursion = {
        start: t,
        end: t + s.rng.between(40 * 60, 150 * 60),
        peak: peak * s.rng.between(0.9, 1.2),
      };
    }
    return excursionLevel(s.excursion, t);
  }

  private generator(s: DeviceState, t: number, dt: number, shape: number): Readings {
    const { rng, site, acc } = s;
    const kwn = s.num('kwn', 500);
    const vn = s.num('vn', 380);
    const hzn = s.num('hzn', 60);
    const prime = s.device.params.regime === 'prime';
    const [profileMin, profileMax] = s.device.loadProfile ?? [0.58, 0.88];
    const fuel = site.tank ?? s.ownFuel;
    if (prime && t >= s.maintenanceUntil && happens(rng, 12 * DAY, dt)) {
      s.maintenanceUntil = t + rng.between(2 * HOUR, 8 * HOUR);
    }
    const demanded = !site.mainsOk || site.forcedTransfer;
    const automatic = prime ? t >= s.maintenanceUntil : demanded;
    const wanted =
      s.mode === 1
        ? false
        : s.mode === 16
          ? true
          : s.mode === 8
            ? (s.forced ?? automatic)
            : s.forced === true;
    const hasFuel = !fuel || fuel.litros > fuel.capacidade * 0.01;
    if (wanted && !s.running) {
      s.startFailed = !hasFuel;
      if (hasFuel) acc.Partidas = (acc.Partidas ?? 0) + 1;
    }
    if (!wanted) s.startFailed = false;
    s.running = wanted && hasFuel;
    if (s.running) this.refuel(s.ownFuel, rng, t, 0.3);

    let kW = 0;
    if (s.running) {
      // In test mode, or started by hand with nothing to carry, a set runs nearly unloaded.
      kW =
        s.mode === 16
          ? kwn * 0.05
          : prime
            ? kwn * (profileMin + (profileMax - profileMin) * shape + rng.noise(0.02))
            : demanded
              ? Math.min(kwn * 0.95, site.loadKW / Math.max(1, site.generators))
              : kwn * 0.05;
      kW = clamp(kW, 0, kwn * 1.05);
      site.genKW += kW;
      site.genRunning += 1;
      const burnt = (kW * LITRES_PER_KWH + kwn * 0.02) * (dt / HOUR);
      if (fuel) fuel.litros = Math.max(0, fuel.litros - burnt);
      acc.combustivelTotal = (acc.combustivelTotal ?? 0) + burnt;
      acc.kWh = (acc.kWh ?? 0) + (kW * dt) / HOUR;
      acc.horimetro = (acc.horimetro ?? 0) + dt / HOUR;
    }
    const load = kW / kwn;
    const heat = s.running ? this.maybeExcursion(s, t, dt, 9 * DAY, 24) : 0;
    acc.OilTemp = approach(acc.OilTemp ?? 40, s.running ? 84 + 8 * load + heat : 42, dt, 900);
    acc.TA = approach(acc.TA ?? 38, s.running ? 78 + 6 * load + heat * 0.5 : 40, dt, 900);
    const fp = s.running ? clamp(0.86 + rng.noise(0.015), 0.75, 0.99) : 0;
    const kVA = s.running ? kW / fp : 0;
    const v = s.running ? vn * (1 + rng.noise(0.004)) : 0;
    const current = s.running && v > 0 ? (kVA * 1000) / (Math.sqrt(3) * v) : 0;
    const hz = s.running ? hzn + rng.noise(0.04) : 0;
    const fuelLevel = fuel ? (100 * fuel.litros) / fuel.capacidade : 0;
    return {
      Vab: round(v, 1),
      Vbc: round(s.running ? v * (1 + rng.noise(0.003)) : 0, 1),
      Vca: round(s.running ? v * (1 + rng.noise(0.003)) : 0, 1),
      Ia: round(current, 1),
      Ib: round(current * (1 + rng.noise(0.02)), 1),
      Ic: round(current * (1 + rng.noise(0.02)), 1),
      kW: round(kW, 1),
      kVA: round(kVA, 1),
      kVAr: round(Math.sqrt(Math.max(0, kVA * kVA - kW * kW)), 1),
      FP: round(fp, 3),
      Hz: round(hz, 2),
      Vcc: round(s.running ? 27.3 + rng.noise(0.1) : 25.8 + rng.noise(0.1), 2),
      RPM: Math.round(s.running ? (s.num('rpmn', 1800) * hz) / hzn : 0),
      OilTemp: round(acc.OilTemp, 1),
      PO: round(s.running ? 4.1 + 0.5 * load + rng.noise(0.08) : 0, 2),
      TA: round(acc.TA, 1),
      LoadSpeed: Math.round(100 * load),
      Partidas: acc.Partidas ?? 0,
      fuelLevel: round(fuelLevel, 2),
      combustivelPercent: round(fuelLevel, 2),
      modoWeb: s.mode,
      statusGMG: s.running ? 64 : 2048,
      chaveGrupo: s.running ? 16384 : 4096,
      // The controller's mains breaker: closed while the load is on the mains (or a prime
      // plant runs in parallel with the grid), open while the set carries it.
      chaveRede:
        prime || (site.mainsOk && !(demanded && s.running))
          ? SWITCH_CLOSED_BIT | MAINS_SWITCH_CLOSED_BIT
          : SWITCH_OPEN_BIT,
      alarmesGMG: s.startFailed ? 1 : 0,
      horimetro: round(acc.horimetro ?? 0, 2),
      kWh: round(acc.kWh ?? 0, 1),
      combustivelTotal: round(acc.combustivelTotal ?? 0, 1),
    };
  }

  private other(s: DeviceState, t: number, dt: number, shape: number): Readings {
    const { rng, site, acc } = s;
    const day = localDay(t);
    const newDay = s.dayKey !== -1 && s.dayKey !== day;
    s.dayKey = day;
    switch (s.device.tipo) {
      case 'qta': {
        const vn = s.num('vn', 380);
        const mains = site.mainsOk ? vn : rng.between(0, 4);
        const gen = site.genRunning > 0;
        const onGenerator = (!site.mainsOk || site.forcedTransfer) && gen;
        const onMains = site.mainsOk && !onGenerator;
        if (gen) {
          acc.horimetro = (acc.horimetro ?? 0) + dt / HOUR;
          acc.kWh = (acc.kWh ?? 0) + (site.genKW * dt) / HOUR;
          acc.combustivelTotal =
            (acc.combustivelTotal ?? 0) + site.genKW * LITRES_PER_KWH * (dt / HOUR);
        }
        const readings = {
          redeVab: round(mains * (1 + rng.noise(0.004)), 1),
          redeVbc: round(mains * (1 + rng.noise(0.004)), 1),
          redeVca: round(mains * (1 + rng.noise(0.004)), 1),
          redeHz: round(site.mainsOk ? 60 + rng.noise(0.03) : 0, 2),
          redekW: round(onMains ? site.loadKW : 0, 1),
          Vab: round(gen ? vn * (1 + rng.noise(0.004)) : 0, 1),
          Vbc: round(gen ? vn * (1 + rng.noise(0.004)) : 0, 1),
          Vca: round(gen ? vn * (1 + rng.noise(0.004)) : 0, 1),
          Hz: round(gen ? 60 + rng.noise(0.04) : 0, 2),
          Ia: round(gen ? (site.genKW * 1000) / (Math.sqrt(3) * vn * 0.86) : 0, 1),
          Ib: round(gen ? (site.genKW * 1000) / (Math.sqrt(3) * vn * 0.86) : 0, 1),
          Ic: round(gen ? (site.genKW * 1000) / (Math.sqrt(3) * vn * 0.86) : 0, 1),
          kW: round(site.genKW, 1),
          statusRede: site.mainsOk ? 0 : 256,
          chaveRede: onMains ? 16384 | 32768 : 4096,
          chaveGrupo: onGenerator ? 16384 | 1024 : 4096,
          modoWeb: s.mode,
        };
        return {
          ...readings,
          // A 4-pole set: 30 rpm per Hz. The controller's battery is on its charger.
          RPM: Math.round(readings.Hz * 30),
          Vcc: gen ? 27.4 : 26.6,
          horimetro: round(acc.horimetro ?? 0, 2),
          kWh: round(acc.kWh ?? 0, 1),
          combustivelTotal: round(acc.combustivelTotal ?? 0, 1),
        };
      }
      case 'tfr': {
        const dip = this.maybeExcursion(s, t, dt, 15 * DAY, 50);
        const grid = 380 * (1 + rng.noise(0.004)) - dip;
        const exported = s.breakerOpen ? 0 : site.genKW * 0.985;
        acc.kWh = (acc.kWh ?? 0) + (exported * dt) / HOUR;
        return {
          redeVab: round(grid, 1),
          redeVbc: round(grid * (1 + rng.noise(0.003)), 1),
          redeVca: round(grid * (1 + rng.noise(0.003)), 1),
          barraVab: round(site.genRunning ? 380 * (1 + rng.noise(0.004)) : 0, 1),
          barraVbc: round(site.genRunning ? 380 * (1 + rng.noise(0.004)) : 0, 1),
          barraVca: round(site.genRunning ? 380 * (1 + rng.noise(0.004)) : 0, 1),
          redekW: round(exported, 1),
          barrakW: round(site.genKW, 1),
          kW: round(exported, 1),
          kVAr: round(site.genKW * 0.45, 1),
          Hz: round(60 + rng.noise(0.03), 2),
          FP: round(0.91 + rng.noise(0.01), 3),
          kWh: round(acc.kWh, 1),
          modoWeb: s.mode,
          statusRede: 0,
        };
      }
      case 'usina':
      case 'scd':
      case 'qgbt': {
        const kW =
          s.device.tipo === 'qgbt'
            ? site.loadKW
            : site.genKW * (s.device.tipo === 'scd' ? 0.99 : 1);
        acc.kWh = (acc.kWh ?? 0) + (kW * dt) / HOUR;
        const fp = 0.9 + rng.noise(0.01);
        const v = 380 * (1 + rng.noise(0.004));
        const current = kW > 0 ? (kW * 1000) / (Math.sqrt(3) * v * fp) : 0;
        const base: Readings = {
          kW: round(kW, 1),
          kVAr: round(kW * 0.48, 1),
          kWh: round(acc.kWh, 1),
          Hz: round(60 + rng.noise(0.03), 2),
          FP: round(fp, 3),
          Vab: round(v, 1),
          Ia: round(current, 1),
        };
        if (s.device.tipo === 'qgbt') {
          base.Vbc = round(v * (1 + rng.noise(0.003)), 1);
          base.Vca = round(v * (1 + rng.noise(0.003)), 1);
          base.Ib = round(current * (1 + rng.noise(0.02)), 1);
          base.Ic = round(current * (1 + rng.noise(0.02)), 1);
        }
        return base;
      }
      case 'transformer': {
        const kva = s.num('kva', 1500);
        const lf = clamp(site.loadKW / 2 / kva, 0, 1.3);
        const ta = 23 + 7 * shape + rng.noise(0.3);
        const hot = this.maybeExcursion(s, t, dt, 10 * DAY, 55);
        const winding = ta + 18 + 45 * lf * lf;
        return {
          TA: round(ta, 1),
          T1: round(winding + hot + rng.noise(0.4), 1),
          T2: round(winding + 1.5 + rng.noise(0.4), 1),
          T3: round(winding - 1 + rng.noise(0.4), 1),
          kW: round(site.loadKW / 2, 1),
          alarmesTrafo: 0,
        };
      }
      case 'ups': {
        const kva = s.num('kva', 100);
        const inputOk = site.mainsOk || site.genRunning > 0;
        const carga = clamp(38 + 14 * shape + rng.noise(1.5), 5, 100);
        acc.cargaBateria = clamp(
          (acc.cargaBateria ?? 100) + (inputOk ? 40 : -220) * (dt / HOUR),
          0,
          100,
        );
        const hot = this.maybeExcursion(s, t, dt, 8 * DAY, 8);
        const tempSala = 23.5 + 1.5 * shape + hot + rng.noise(0.2);
        const kWphase = (kva * 0.9 * carga) / 100 / 3;
        const vbat = 480 + 60 * ((acc.cargaBateria ?? 100) / 100) + rng.noise(0.5);
        const autonomia = ((acc.cargaBateria ?? 100) / 100) * 45 * (50 / carga);
        const vin = inputOk ? 220 : 0;
        const row: Readings = {
          Vbat: round(vbat, 1),
          Ibat: round(inputOk ? 1.5 + rng.noise(0.2) : -(kWphase * 3 * 1000) / vbat, 1),
          cargaPercent: Math.round(carga),
          HzIn: round(inputOk ? 60 + rng.noise(0.03) : 0, 2),
          HzOut: round(60 + rng.noise(0.01), 2),
          autonomia: Math.round(autonomia),
          tempSala: round(tempSala, 1),
          cargaBateria: Math.round(acc.cargaBateria ?? 100),
          statusUPS1: 2,
          statusUPS2: tempSala > 30 ? 1024 : 0,
          statusUPS3: 2048,
        };
        for (const p of ['A', 'B', 'C']) {
          row[`Vin${p}`] = round(vin ? vin * (1 + rng.noise(0.005)) : 0, 1);
          row[`Vout${p}`] = round(220 * (1 + rng.noise(0.002)), 1);
          row[`Iout${p}`] = round((kWphase * 1000) / 220, 1);
          row[`kW${p}`] = round(kWphase, 2);
        }
        return row;
      }
      case 'tanque': {
        const tank = site.tank;
        const own = tank && site.tankDeviceId === s.device.id ? tank : null;
        const capacidade = s.num('capacidade', 1000);
        const litros = own ? own.litros : capacidade * 0.8;
        const nivel = (100 * litros) / capacidade;
        return {
          nivel: round(nivel, 2),
          litros: Math.round(litros),
          temperatura: round(21 + 9 * shape + rng.noise(0.3), 1),
          statusTanque: nivel < 1 ? 16 : 0,
        };
      }
      case 'medidor': {
        const w = (site.prime ? site.genKW * 0.985 : site.loadKW) * 1000;
        acc.KWH_TOTAL_H = (acc.KWH_TOTAL_H ?? 0) + (w * dt) / HOUR;
        if (newDay) acc.MAX_KW = 0;
        acc.MAX_KW = Math.max(acc.MAX_KW ?? 0, w);
        // With the capacitor bank off the power factor drops below the 0.92 limit.
        const capacitorsOff = this.incident(site, 'powerFactor', t) !== undefined;
        const pf = clamp((capacitorsOff ? 0.885 : 0.945) + rng.noise(0.008), 0.5, 1);
        const local = new Date((t + UTC_OFFSET) * 1000);
        const current = w / (3 * 220 * pf);
        return {
          KWH_TOTAL_H: Math.round(acc.KWH_TOTAL_H),
          KW: Math.round(w),
          MAX_KW: Math.round(acc.MAX_KW),
          HZ: round(60 + rng.noise(0.02), 2),
          PF: round(pf, 3),
          NUMSERIE: s.num('numSerie', 1),
          VA: round(220 * (1 + rng.noise(0.004)), 1),
          VB: round(220 * (1 + rng.noise(0.004)), 1),
          VC: round(220 * (1 + rng.noise(0.004)), 1),
          IA: round(current, 1),
          IB: round(current * (1 + rng.noise(0.02)), 1),
          IC: round(current * (1 + rng.noise(0.02)), 1),
          DIA: local.getUTCDate(),
          MES: local.getUTCMonth() + 1,
          ANO: local.getUTCFullYear(),
          HORA: local.getUTCHours(),
          MINUTO: local.getUTCMinutes(),
        };
      }
      case 'batmon': {
        const hot = this.maybeExcursion(s, t, dt, 10 * DAY, 13);
        const v = 54.2 + rng.noise(0.05);
        return {
          Vbat: round(v, 2),
          Ibat: round(0.8 + rng.noise(0.1), 2),
          tempBat: round(25 + 2 * shape + hot + rng.noise(0.2), 1),
          celulaMin: round(2.24 + rng.noise(0.004), 3),
          celulaMax: round(2.28 + rng.noise(0.004), 3),
          soc: 100,
          autonomia: Math.round(300 + rng.noise(5)),
          Vcc: round(v, 2),
        };
      }
      case 'io': {
        const high = this.maybeExcursion(s, t, dt, 8 * DAY, 30);
        const row: Readings = {};
        s.walk.forEach((value, i) => {
          const mean = 25 + i * 6;
          const next = value + 0.002 * (mean - value) * dt + rng.noise(0.08) * Math.sqrt(dt);
          s.walk[i] = clamp(next, 0, 100);
          row[`ai${i + 1}`] = round(clamp((s.walk[i] ?? 0) + (i === 0 ? high : 0), 0, 100), 1);
        });
        if (t >= s.doorUntil && happens(rng, 2 * DAY, dt)) s.doorUntil = t + rng.between(300, 1200);
        row.di = (t < s.doorUntil ? 1 : 0) | 4;
        return row;
      }
      case 'geladeira': {
        const setpoint = Number(s.device.params.setpoint ?? -18);
        const warm = this.maybeExcursion(s, t, dt, 7 * DAY, 13);
        const camara = setpoint + Math.sin(t / 1800) * 0.8 + warm + rng.noise(0.2);
        const power = 6 + 3 * shape;
        acc.kWh = (acc.kWh ?? 0) + (power * dt) / HOUR;
        return {
          automacao: 1,
          statusInversor: 1 | 32,
          entradasDigitais: 0b10011,
          tempCamara: round(camara, 1),
          tempEvaporador: round(camara - 8 + rng.noise(0.3), 1),
          freqInversor: round(42 + 12 * shape + (warm > 0 ? 8 : 0) + rng.noise(0.5), 1),
          correnteCompressor: round(8.5 + 3 * shape + rng.noise(0.2), 2),
          pressaoSuccao: round(1.2 + rng.noise(0.05), 2),
          pressaoDescarga: round(14 + 2 * shape + rng.noise(0.2), 2),
          kWh: round(acc.kWh, 1),
        };
      }
      case 'plc': {
        const capacity = s.num('capacidadeVazao', 1000);
        const vazao = capacity * (0.3 + 0.6 * shape) * (1 + rng.noise(0.03));
        if (newDay) acc.consumoDia = 0;
        acc.consumoDia = (acc.consumoDia ?? 0) + (vazao * dt) / HOUR;
        const drop = this.maybeExcursion(s, t, dt, 12 * DAY, 95);
        const pt01 = 205 + 15 * shape - drop + rng.noise(1.5);
        const row: Readings = {};
        [1, 0.97, 0.93, 0.88, 0.8, 0.72, 0.6, 0.45, 0.3].forEach((f, i) => {
          row[`pt0${i + 1}`] = round(pt01 * f + rng.noise(0.5), 1);
        });
        row.tt01 = round(30 + 10 * shape + rng.noise(0.3), 1);
        row.tt02 = round(48 + 14 * shape + rng.noise(0.4), 1);
        for (let n = 1; n <= 8; n++) row[`alarme${n}`] = 0;
        row.vazao = round(vazao, 1);
        row.consumoDia = Math.round(acc.consumoDia);
        return row;
      }
      case 'posto': {
        const cap = s.num('capacidade', 8000);
        const vazao = 320 * shape * (1 + rng.noise(0.05));
        if (newDay) acc.consumoDia = 0;
        acc.consumoDia = (acc.consumoDia ?? 0) + (vazao * dt) / HOUR;
        const night = shape < 0.2;
        acc.estoque = clamp(
          (acc.estoque ?? cap * 0.7) + ((night ? 600 : 0) - vazao) * (dt / HOUR),
          0,
          cap,
        );
        const fill = (acc.estoque ?? 0) / cap;
        return {
          pt01: round(150 + 100 * fill + rng.noise(1), 1),
          pt02: round(200 + rng.noise(2), 1),
          tt01: round(26 + 6 * shape + rng.noise(0.3), 1),
          vazao: round(vazao, 1),
          estoque: Math.round(acc.estoque ?? 0),
          consumoDia: Math.round(acc.consumoDia),
          alarme1: 0,
          alarme2: 0,
          alarme3: 0,
          alarme4: 0,
        };
      }
      case 'carreta': {
        const cap = s.num('capacidade', 5500);
        const consumo =
          s.device.params.uso === 'consumo' ? 110 * (0.4 + 0.6 * shape) * (1 + rng.noise(0.04)) : 0;
        let volume = (acc.volume ?? cap * 0.8) - (consumo + (consumo ? 0 : 0.5)) * (dt / HOUR);
        if (s.swapAt === null && volume < cap * 0.1) s.swapAt = t + rng.between(2 * HOUR, 6 * HOUR);
        if (s.swapAt !== null && t >= s.swapAt) {
          volume = cap * rng.between(0.92, 0.97);
          s.swapAt = null;
        }
        acc.volume = clamp(volume, 0, cap);
        const fill = acc.volume / cap;
        return {
          pt01: round(250 * fill + rng.noise(0.5), 1),
          tt01: round(25 + 6 * shape + rng.noise(0.3), 1),
          volume: Math.round(acc.volume),
          consumo: round(consumo, 1),
          fuelLevel: round(100 * fill, 2),
          alarme1: 0,
          alarme2: 0,
          alarme3: 0,
          alarme4: 0,
        };
      }
      default:
        return {};
    }
  }
}
