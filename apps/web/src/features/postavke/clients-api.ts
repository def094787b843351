/**
 * The system clients' calls as the settings screen uses them (contracts: @lis/domain settings/system-clients.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { systemClientContracts, type SystemClientElementInput, type SystemClientSaveAnswer, type SystemClientSecretAnswer, type SystemClient } from '@lis/domain';
import { call } from '../../api/client.ts';

export const CLIENTS_KEY = ['postavke', 'klijenti'] as const;

export function useSystemClients() {
  return useQuery({
    queryKey: CLIENTS_KEY,
    queryFn: ({ signal }) => call(systemClientContracts.list, {}, { signal }),
    select: (answer) => answer.data,
  });
}

export function saveClient(element: SystemClientElementInput): Promise<SystemClientSaveAnswer> {
  return call(systemClientContracts.save, { body: { element } });
}

export function rotateClientSecret(id: string): Promise<SystemClientSecretAnswer> {
  return call(systemClientContracts.rotate, { body: { _id: id } });
}

export async function setClientActive(id: string, aktivan: boolean): Promise<SystemClient> {
  return (await call(systemClientContracts.active, { body: { _id: id, aktivan } })).element;
}
