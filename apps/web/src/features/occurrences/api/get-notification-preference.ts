import { useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/**
 * Whether the user wants the browser notice of a critical alarm ('Notificações',
 * issue 29: `navegador`). Until the preferences are read, or when they cannot
 * be, the notice stays on.
 */
export function useBrowserNoticeWanted(): boolean {
  const prefs = useQuery({
    queryKey: ['notificacoes', 'preferencias'],
    queryFn: ({ signal }) => call(API.notifications.preferences, {}, { signal, quiet: true }),
    staleTime: 60_000,
    retry: false,
  });
  return prefs.data?.navegador !== false;
}
