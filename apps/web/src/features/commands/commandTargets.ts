/** Spec 001 §6: the command panel is on generator, TFR and plant panels. */
export const COMMAND_DEVICE_TYPES: readonly string[] = ['gerador', 'tfr', 'usina'];

export function showsCommandPanel(tipo: string): boolean {
  return COMMAND_DEVICE_TYPES.includes(tipo.toLowerCase());
}
