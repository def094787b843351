import { asc } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sampleTypes } from './tables.ts';

/** The lab's sample types, one catalogue for every site (the table has no site), by name. */
export async function listSampleTypes(db: Db | Tx): Promise<{ id: string; sifra: string; naziv: string; nazivEn: string; nazivDe: string }[]> {
  return db.select({ id: sampleTypes.id, sifra: sampleTypes.sifra, naziv: sampleTypes.naziv, nazivEn: sampleTypes.nazivEn, nazivDe: sampleTypes.nazivDe })
    .from(sampleTypes).orderBy(asc(sampleTypes.naziv));
}
