/** Spec 001 §6: direitos_id containing 1 gives the command right. */
export const COMMAND_RIGHT_ID = 1;

export function hasCommandRight(direitosId: readonly number[] | null | undefined): boolean {
  return direitosId?.includes(COMMAND_RIGHT_ID) ?? false;
}

/** Spec 001 §6: the acesso bitmask is checked against a given bit. */
export function hasAccess(acesso: number | null | undefined, bit: number): boolean {
  if (typeof acesso !== 'number' || !Number.isFinite(acesso)) return false;
  return (Math.trunc(acesso) & bit) === bit;
}
