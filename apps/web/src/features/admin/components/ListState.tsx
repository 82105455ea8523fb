import { Alert } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES } from '@vigia/domain';
import type { ReactNode } from 'react';
import { writeFailureText } from '../../../lib/httpErrors';
import { DelayedLoader } from '../../../ui/DelayedLoader';

/** A list's loading and failure states; its rows once they are there. */
export function ListState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {writeFailureText(query.error, MESSAGES.networkError)}
      </Alert>
    );
  }
  if (query.data === undefined) return <DelayedLoader />;
  return <>{children(query.data)}</>;
}
