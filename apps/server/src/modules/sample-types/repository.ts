import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sampleTypes } from './tables.ts';

/** The lab's sample types, one catalogue for every site (the table has no site), by name. */
export async function listSampleTypes(db: Db): Promise<{ id: string; sifra: string; naziv: string }[]> {
  return db.select({ id: sampleTypes.id, sifra: sampleTypes.sifra, naziv: sampleTypes.naziv }).from(sampleTypes).orderBy(asc(sampleTypes.naziv));
}
