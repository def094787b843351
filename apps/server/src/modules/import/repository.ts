import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { labAssays } from '../catalogue/tables.ts';

// The import's own SQL: the codes of the tests that can be ordered. Patients and samples are written
// through their own modules (patients/service.ts registerImported, samples createImportedSamples).

/** Enabled tests by code (sifra) upper-cased -> id. */
export async function orderableTestCodes(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ id: labAssays.id, sifra: labAssays.sifra }).from(labAssays).where(eq(labAssays.disabled, false));
  return new Map(rows.map((row) => [row.sifra.toUpperCase(), row.id]));
}
