import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.ts';
import { labAssays, labSections } from '../catalogue/tables.ts';
import { sampleTests, samples } from '../samples/tables.ts';

// The pro-forma invoice's reads, every one scoped to the caller's site: a sample of another site is never read.

export interface InvoiceSampleRow {
  id: string;
  patientId: string;
  code: string;
  datum: Date;
}

export interface InvoiceTestRow {
  sampleId: string;
  sifra: string;
  naziv: string;
  price: string;
  componentOf: string | null;
}

const calculatedTest = alias(labAssays, 'calculated_test');

export interface InvoiceCandidateRow {
  id: string;
  code: string;
  datum: Date;
  updatedAt: Date;
  status: string;
  testova: number;
  ukupno: string;
}

export function invoiceRepository(db: Db, siteId: string) {
  return {
    /** The named samples of the site (another site's or a missing id is simply not among them). */
    invoiceSamples(ids: readonly string[]): Promise<InvoiceSampleRow[]> {
      return db.select({ id: samples.id, patientId: samples.patientId, code: samples.code, datum: samples.datum }).from(samples)
        .where(and(eq(samples.siteId, siteId), inArray(samples.id, [...ids])))
        .orderBy(asc(samples.datum), asc(samples.code));
    },

    /** The tests of the site's named samples in report order (section, then assay), each with the name of the calculated test that pulled it in. */
    invoiceTests(sampleIds: readonly string[]): Promise<InvoiceTestRow[]> {
      return db.select({
        sampleId: sampleTests.sampleId, sifra: labAssays.sifra, naziv: labAssays.naziv, price: sql<string>`${sampleTests.price}::text`,
        componentOf: calculatedTest.naziv,
      }).from(sampleTests)
        .innerJoin(samples, eq(samples.id, sampleTests.sampleId))
        .innerJoin(labAssays, eq(labAssays.id, sampleTests.labassayId))
        .innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId))
        .leftJoin(calculatedTest, eq(calculatedTest.id, sampleTests.componentOf))
        .where(and(eq(samples.siteId, siteId), inArray(sampleTests.sampleId, [...sampleIds])))
        .orderBy(asc(labSections.redoslijed), asc(labAssays.redoslijed), asc(labAssays.sifra));
    },

    /** The patient's newest samples at the site with their test count and the sum of their charged prices (components at 0). */
    async invoiceCandidates(patientId: string, limit: number): Promise<InvoiceCandidateRow[]> {
      // The patient's samples through samples_patient_idx, each sample's tests through its key: never an aggregate over all tests.
      const rows = await queryRows<{ id: string; code: string; datum: Date | string; updated_at: Date | string; status: string; testova: number; ukupno: string }>(db, sql`
        select s.id, s.code, s.datum, s.updated_at, s.status, t.testova, t.ukupno
        from ${samples} s
        cross join lateral (
          select count(*)::int as testova,
            coalesce(sum(st.price) filter (where st.component_of is null), 0)::numeric(12,2)::text as ukupno
          from ${sampleTests} st where st.sample_id = s.id
        ) t
        where s.site_id = ${siteId} and s.patient_id = ${patientId}
        order by s.created_at desc, s.id desc
        limit ${limit}`);
      return rows.map((row) => ({
        id: row.id, code: row.code, datum: new Date(row.datum), updatedAt: new Date(row.updated_at), status: row.status, testova: row.testova, ukupno: row.ukupno,
      }));
    },
  };
}
