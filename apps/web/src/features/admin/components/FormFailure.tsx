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
