import { NEVER_COMMUNICATED, PLACEHOLDER_MISSING } from './messages.js';
import type { Tone } from './tone.js';

export interface EquipmentStatusDisplay {
  label: string;
  tone: Tone;
}

/**
 * Spec 001 §4 equipment status text (upper-cased): OK success, FALHA danger,
 * INSTAVEL warning, -1 'NUNCA COMUNICOU', otherwise grey. 'INSTÁVEL' counts as INSTAVEL.
 */
export function equipmentStatus(text: string | number | null | undefined): EquipmentStatusDisplay {
  if (text === null || text === undefined || String(text).trim() === '') {
    return { label: PLACEHOLDER_MISSING, tone: 'neutral' };
  }
  const label = String(text).trim().toUpperCase();
  const plain = label.normalize('NFD').replace(/\p{M}/gu, '');
  switch (plain) {
    case 'OK':
      return { label, tone: 'good' };
    case 'FALHA':
      return { label, tone: 'bad' };
    case 'INSTAVEL':
      return { label, tone: 'warning' };
    case '-1':
      return { label: NEVER_COMMUNICATED, tone: 'neutral' };
    default:
      return { label, tone: 'neutral' };
  }
}
