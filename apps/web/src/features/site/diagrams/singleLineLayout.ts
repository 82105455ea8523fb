import { boxHeight } from './parts';

const TOP = 16;
const MARGIN = 16;
const MAINS_COLUMN = 250;
/** One generator's column: a 224 px box with 8 px either side. */
const SLOT = 240;
const BOX_MAX = 224;
const MIN_WIDTH = 560;

/** The smallest text of a drawing (labels, values, breaker states: Diagram.module.css). */
export const DIAGRAM_SMALLEST_TEXT_PX = 12;
/** Text drawn smaller than this is not legible: the drawing gives way to its table. */
export const LEGIBLE_TEXT_PX = 11;

export interface SingleLineLayoutInput {
  /** Line count of each source box (a generator, or the transfer panel's group side). */
  sources: readonly number[];
  mains: 'qta' | 'tfr' | null;
  mainsLines: number;
}

export interface SingleLineLayout {
  width: number;
  height: number;
  top: number;
  /** The x of each source's column, left to right. */
  centers: number[];
  boxWidth: number;
  symbolY: number;
  breakerY: number;
  busY: number;
  busStart: number;
  busEnd: number;
  /** Where the generator bus meets the transfer (its centre). */
  groupX: number;
  mainsX: number;
  mainsBoxWidth: number;
  loadBusY: number;
}

/**
 * Where everything of a single-line drawing goes: one column per source however
 * many the place has, side by side on one bus, and the way to the grid on the right.
 */
export function singleLineLayout(input: SingleLineLayoutInput): SingleLineLayout {
  const count = input.sources.length;
  const hasMains = input.mains !== null;
  const width = Math.max(
    MIN_WIDTH,
    2 * MARGIN + Math.max(1, count) * SLOT + (hasMains ? MAINS_COLUMN : 0),
  );
  const regionEnd = hasMains ? width - MAINS_COLUMN - MARGIN : width - MARGIN;
  const slotWidth = (regionEnd - MARGIN) / Math.max(1, count);
  const boxH = Math.max(
    boxHeight(Math.max(0, ...input.sources)),
    hasMains ? boxHeight(input.mainsLines) : 0,
  );
  const symbolY = TOP + boxH + 44;
  const breakerY = symbolY + 74;
  const busY = breakerY + 62;
  const centers = input.sources.map((_, i) => MARGIN + slotWidth * i + slotWidth / 2);
  const mainsX = width - MARGIN - MAINS_COLUMN / 2;
  const busStart = Math.min(...centers, MARGIN + 20) - 20;
  const busEnd = input.mains === 'tfr' ? mainsX + 20 : Math.max(...centers, MARGIN + 60) + 20;
  const loadBusY = busY + 110;
  // Below the bus: the transfer to the load bus, the load arrow, or nothing (a TFR exports).
  const height =
    input.mains === 'qta' ? loadBusY + 70 : input.mains === 'tfr' ? busY + 30 : busY + 78;
  return {
    width,
    height,
    top: TOP,
    centers,
    boxWidth: Math.min(BOX_MAX, slotWidth - 16),
    symbolY,
    breakerY,
    busY,
    busStart,
    busEnd,
    groupX: (busStart + busEnd) / 2,
    mainsX,
    mainsBoxWidth: MAINS_COLUMN - 30,
    loadBusY,
  };
}

/**
 * Whether a drawing `width` wide, scaled into `available` px, keeps its smallest
 * text at 11 px or more. An unmeasured container (0) is taken as wide enough.
 */
export function drawingLegibleAt(width: number, available: number): boolean {
  if (available <= 0) return true;
  const scale = Math.min(1, available / width);
  return DIAGRAM_SMALLEST_TEXT_PX * scale >= LEGIBLE_TEXT_PX;
}
