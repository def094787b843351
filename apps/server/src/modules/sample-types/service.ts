import type { SampleTypeEntry } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import * as repo from './repository.ts';

/** The sample types the new-sample form offers, in the spec's field names. */
export async function sampleTypes(db: Db | Tx): Promise<SampleTypeEntry[]> {
  const rows = await repo.listSampleTypes(db);
  return rows.map((row) => ({ _id: row.id, sifra: row.sifra, naziv: row.naziv, naziv_en: row.nazivEn, naziv_de: row.nazivDe }));
}
