/** The text of an optional number field: empty is null, anything else its number (NaN when not one). */
export const optionalNumber = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.replace(',', '.'));

export const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
