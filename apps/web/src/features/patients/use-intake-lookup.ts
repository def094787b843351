/**
 * Whether the JMBG typed on the intake form is registered already. Only a
 * real JMBG is looked up: the other ID modes make a new random placeholder,
 * which nobody else can have.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { findPatient, type Patient } from './api.ts';
import type { IntakeState } from './intake-form.ts';

const findKey = (jmbg: string | null) => ['patients', 'find', jmbg] as const;

export function useIntakeLookup(state: IntakeState) {
  const queryClient = useQueryClient();
  const lookup = state.mode === 'jmbg' ? state.jmbg : null;
  const find = useQuery({
    queryKey: findKey(lookup),
    queryFn: ({ signal }) => findPatient(lookup!, signal),
    enabled: lookup !== null,
    staleTime: 0,
  });
  const registered: Patient | null = lookup && find.data ? find.data : null;
  return {
    /** The JMBG being looked up, null when the ID is not a complete real JMBG. */
    lookup,
    registered,
    checking: find.isFetching,
    /** The lookup answered and no patient has the ID. */
    unknown: lookup !== null && find.isSuccess && !registered,
    /** Asks the server now (Enter in the ID field): the patient, or null. */
    lookUpNow: (jmbg: string) => queryClient.fetchQuery({ queryKey: findKey(jmbg), queryFn: ({ signal }) => findPatient(jmbg, signal), staleTime: 0 }),
    /** Someone else registered the ID meanwhile: ask again so the form shows that patient. */
    refresh: (jmbg: string) => queryClient.invalidateQueries({ queryKey: findKey(jmbg) }),
  };
}
