/**
 * The doctors and referring locations sample entry chooses from
 * (GET /api/postavke/uputni), and whether the lab lets each field also take
 * a name typed freely. Loaded once a minute at most: the lists change rarely.
 */
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { sampleKeys } from './api.ts';
import { referralContracts } from '@lis/domain';

export interface ReferralChoices {
  doktori: string[];
  lokacije: string[];
  /** Free text is allowed (also while the lists load, so typing is never blocked by a slow call). */
  freeDoctor: boolean;
  freeLocation: boolean;
}

export function useReferralChoices(): ReferralChoices {
  const query = useQuery({
    queryKey: [...sampleKeys.all, 'referral'] as const,
    queryFn: async ({ signal }) => call(referralContracts.choices, {}, { signal }),
    staleTime: 60_000,
  });
  return {
    doktori: query.data?.doktori.map((doctor) => doctor.naziv) ?? [],
    lokacije: query.data?.lokacije.map((location) => location.naziv) ?? [],
    freeDoctor: query.data?.slobodan_unos.doktor ?? true,
    freeLocation: query.data?.slobodan_unos.lokacija ?? true,
  };
}

/** The choices with the current value kept (a sample saved before the lists, or a record since made inactive), without repeats. */
export function choicesWith(options: readonly string[], current: string): string[] {
  const all = current.trim() !== '' ? [...options, current] : [...options];
  return [...new Set(all)];
}
