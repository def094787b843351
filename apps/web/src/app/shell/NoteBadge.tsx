/**
 * The badge of the sidebar item whose `note` flag is set ('Provjera nalaza'):
 * how many samples wait for a check at the current site (GET /protokol/count,
 * the total of that list over every day). It follows the work: it reloads
 * when a result of the site completes or is approved (the socket events the
 * lists follow), when the site changes, and every minute; nothing is shown
 * while there is nothing to check or the count cannot be read.
 */
import { Badge } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { processingContracts } from '@lis/domain';
import { call } from '../../api/client.ts';
import { useActiveSession } from '../../features/auth/index.ts';
import { useRealtimeEvent } from '../../features/realtime/index.ts';

const REFRESH_MS = 60_000;

export const noteCountKey = (siteId: string) => ['protokol', 'count', siteId] as const;

export function NoteBadge() {
  const { t } = useTranslation();
  const { siteId } = useActiveSession();
  const queryClient = useQueryClient();
  const count = useQuery({
    queryKey: noteCountKey(siteId),
    queryFn: async ({ signal }) => (await call(processingContracts.protocolCount, {}, { signal })).count,
    refetchInterval: REFRESH_MS,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: noteCountKey(siteId) });
  useRealtimeEvent('result:completed', reload);
  useRealtimeEvent('result:approved', reload);
  if (!count.data) return null;
  return (
    // red.9 under white text: 5.4:1, readable as small text must be (the theme's red.7 gives 3.9:1, which a
    // count of two digits, no longer a circle, showed to the accessibility check).
    <Badge size="sm" color="red.9" variant="filled" circle={count.data < 10} aria-label={t('shell.noteCount', { n: count.data })} data-testid="note-badge">
      {count.data > 999 ? '999+' : count.data}
    </Badge>
  );
}
