import { Alert } from '@mantine/core';
import { MESSAGES } from '@vigia/domain';
import { writeFailureText } from '../../../lib/httpErrors';

/** A failed write's reason above the form that sent it. */
export function FormFailure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {writeFailureText(error, MESSAGES.networkError)}
    </Alert>
  );
}

/** The text of an optional number field: empty is null, anything else its number (NaN when not one). */
export const optionalNumber = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.replace(',', '.'));

export const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
