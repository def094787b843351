/** The autoverification calls as its screens use them; types are those of the contracts in @lis/domain. */
import { autoverificationContracts, type AutoverificationAnswer, type DraftSaveBody, type SampleJudgementAnswer, type Simulation, type SimulationProgress } from '@lis/domain';
import { call } from '../../api/client.ts';

export const autoverificationKeys = {
  all: ['autoverification'] as const,
  /** Apart from `all`, so refreshing the screen never polls a simulation that is not running. */
  progress: ['autoverification-progress'] as const,
  sample: (id: string) => ['autoverification', 'sample', id] as const,
};

export function readAutoverification(signal?: AbortSignal): Promise<AutoverificationAnswer> {
  return call(autoverificationContracts.show, {}, { signal });
}

export async function saveDraft(body: DraftSaveBody): Promise<void> {
  await call(autoverificationContracts.saveDraft, { body });
}

export async function simulateDraft(od: string, to: string): Promise<Simulation> {
  return (await call(autoverificationContracts.simulate, { body: { od, do: to } })).simulacija;
}

export async function readSimulationProgress(signal?: AbortSignal): Promise<SimulationProgress | null> {
  return (await call(autoverificationContracts.simulationProgress, {}, { signal })).napredak;
}

export async function activateDraft(verzija: number, potvrda: boolean): Promise<void> {
  await call(autoverificationContracts.activate, { body: { verzija, potvrda } });
}

export async function setKillSwitch(ukljuceno: boolean): Promise<void> {
  await call(autoverificationContracts.setSwitch, { body: { ukljuceno } });
}

export async function setResponsible(odgovorni: string | null): Promise<void> {
  await call(autoverificationContracts.setResponsible, { body: { odgovorni } });
}

export function readSampleJudgement(id: string, signal?: AbortSignal): Promise<SampleJudgementAnswer> {
  return call(autoverificationContracts.sample, { params: { id } }, { signal });
}
