/**
 * The partners' calls, typed by their contracts in @lis/domain
 * (partners/contracts.ts).
 */
import type { Partner, PartnerSaveInput, PickerAnswer } from '@lis/domain';
import { call } from '../../api/client.ts';
import { partnerContracts, sampleContracts } from '@lis/domain';

export type { Partner, PartnerKind, PartnerListRow, PartnerSaveInput } from '@lis/domain';

export const PARTNER_LIST = partnerContracts.list;

export const partnerKeys = {
  all: ['partners'] as const,
  show: (id: string) => ['partners', 'show', id] as const,
  tests: ['partners', 'tests'] as const,
};

export async function showPartner(id: string, signal?: AbortSignal): Promise<Partner> {
  return (await call(partnerContracts.show, { params: { id } }, { signal })).partner;
}

export async function savePartner(body: PartnerSaveInput): Promise<Partner> {
  return (await call(partnerContracts.save, { body: { ...body } })).partner;
}

/** Every test of the catalogue (the picker's call without a patient), for the price list. */
export async function catalogueTests(signal?: AbortSignal): Promise<PickerAnswer['testovi']> {
  return (await call(sampleContracts.picker, { body: { sekcija: '', tip: '' } }, { signal })).testovi;
}
