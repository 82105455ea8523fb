import type { DeviceRow } from '@vigia/contract';
import type { DeviceParams, NominalParam, PanelKind, StatusBit } from '@vigia/domain';

/**
 * How a reading's value is written (rules in packages/domain):
 * - `reading`: spec 001 §5 decimals by name (Hz, OilTemp, PO one; LoadSpeed none; others two);
 * - `generator`: as `reading`, but below 0 or 32767 is '---' (generator panels);
 * - `meter`: power and energy divided by 1000, then as `reading`;
 * - `fuel`: a fuel level below 0 is '---';
 * - `integer`: no decimals.
 */
export type ValueFormat = 'reading' | 'generator' | 'meter' | 'fuel' | 'integer';

/** Where a section reads: the site's device (default) or its first neighbour of a type. */
export interface ReadingSource {
  /** Device type (`tipo`) of the neighbour, e.g. the site's transfer panel `qta`. */
  peerTipo: string;
}

export interface ReadingSpec {
  name: string;
  label: string;
  /** Default: the reading's own unit. */
  unit?: string;
  format?: ValueFormat;
  /** Overrides the spec's decimals for this value. */
  decimals?: number;
}

/** Decoders of spec 001 §4 that turn one reading into one state. */
export type StateDecoder =
  | 'generatorMode'
  | 'generatorStatus'
  | 'switch'
  | 'mainsSwitch'
  | 'groupSwitch'
  | 'mainsStatus'
  | 'inverterAutomation'
  | 'upsQuadro';

export interface StateSpec {
  name: string;
  label: string;
  decoder: StateDecoder;
}

/** Decoders of spec 001 §4 that list the set bits of a status word. */
export type WordDecoder =
  | { kind: 'inverterStatus' }
  | { kind: 'upsMode' }
  | { kind: 'upsAlarms' }
  | { kind: 'tankStatus' }
  /** A panel's own bit labels (words the spec does not name bit by bit). */
  | { kind: 'bits'; bits: readonly StatusBit[] };

/** What a level bar is measured against. */
export type LevelScale =
  | { kind: 'fixed'; max: number }
  | { kind: 'nominal'; param: NominalParam }
  /** A device parameter such as `capacidade`: without it, no bar ('capacidade não cadastrada'). */
  | { kind: 'param'; param: string };

/** Threshold rules of spec 001 §4 that colour a bar; none: neutral grey. */
export type LevelRule = 'loadSpeed' | 'tankLevel';

export interface LevelSpec extends ReadingSpec {
  scale: LevelScale;
  rule?: LevelRule;
}

/** How the plant meets the grid in a single-line drawing. */
export type MainsKind = 'none' | 'qta' | 'tfr' | 'auto';

/** A supply feeding one bus through a measuring point (QGBT, substation). */
export interface FeederSpec {
  kind: 'feeder';
  /** What feeds the bus, top down. */
  supply: readonly ('grid' | 'transformer')[];
  supplyLabel: string;
  busLabel: string;
  loadLabel: string;
  measurements: readonly { name: string; label: string; unit: string }[];
}

/** Generators on a bus and the way to the grid. */
export interface SingleLineSpec {
  kind: 'singleLine';
  mains: MainsKind;
}

export type DiagramSpec = SingleLineSpec | FeederSpec;

/** What a diagram receives. */
export interface PanelView {
  device: DeviceRow | null;
  /** The neighbours the panel asked for (the device itself left out). */
  peers: readonly DeviceRow[];
  params: DeviceParams;
  nowSec: number;
}

export type Section =
  | {
      type: 'readings';
      title: string;
      items: readonly ReadingSpec[];
      source?: ReadingSource;
      format?: ValueFormat;
      /** Items per row (three-phase quantities: 3); default as many as fit. */
      columns?: 2 | 3 | 4;
    }
  | { type: 'states'; title: string; items: readonly StateSpec[]; source?: ReadingSource }
  | { type: 'word'; title: string; name: string; decoder: WordDecoder; emptyLabel: string }
  /** A word decoded bit by bit as ON/OFF (spec 001 §4 digital inputs). */
  | { type: 'inputs'; title: string; name: string; count: number }
  | { type: 'levels'; title: string; items: readonly LevelSpec[]; format?: ValueFormat }
  /** Alarm readings that are active when not zero (PLC `alarme1` … `alarme8`). */
  | { type: 'alarms'; title: string; items: readonly { name: string; label: string }[] }
  /** The meter's own clock (DIA, MES, ANO, HORA, MINUTO) and serial number. */
  | { type: 'meterClock'; title: string }
  /**
   * Every reading the device reports, by its own name and unit, except those
   * the panel decodes elsewhere and the `exclude`d ones (raw words).
   */
  | { type: 'allReadings'; title: string; format?: ValueFormat; exclude?: readonly string[] }
  /** The other generators of the plant; a click opens that device's page. */
  | { type: 'otherGenerators'; title: string }
  | {
      type: 'diagram';
      title: string;
      diagram: DiagramSpec;
      /** Readings the diagram draws, of the device and of its neighbours. */
      readings: readonly string[];
      /** Types of the neighbours it draws (none: the device alone). */
      peerTipos?: readonly string[];
    };

/**
 * One overview panel (spec 001 "Overview panels"): which readings, which
 * decoders, which layout. The registry maps a `render_html` to a module whose
 * default export is one of these.
 */
export interface PanelDefinition {
  /** pt-BR name of the panel. */
  title: string;
  /** Refresh (60 s, or 20 s for PLC, carreta and synoptic) and staleness (synoptic: 20 min). */
  kind: PanelKind;
  /** Energy meters are online under 180 minutes instead of 30. */
  meter?: boolean;
  sections: readonly Section[];
}

export interface PanelModule {
  default: PanelDefinition;
}
