import { useMutation, useQuery } from '@tanstack/react-query';
import type { FirstRunRequest } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Whether the server still waits for its first administrator (no toast if it cannot say). */
export function useFirstRunState() {
  return useQuery({
    queryKey: ['configuracao-inicial'],
    queryFn: ({ signal }) => call(API.admin.firstRunState, undefined, { signal, quiet: true }),
    retry: false,
  });
}

/** Failures come back to the form. */
export function useFirstRun() {
  return useMutation({
    mutationFn: (body: FirstRunRequest) => call(API.admin.firstRun, { body }, { quiet: true }),
  });
}
