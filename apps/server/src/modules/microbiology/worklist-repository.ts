import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CULTURE_STAGES, type CultureStage, type SampleStatus } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { catalogueNameIn } from '../../db/catalogue-name.ts';
import { type ListRequest, escapeLike, runList } from '../../db/list-query.ts';
import { labAssays, labSections } from '../catalogue/tables.ts';
import { patients } from '../patients/tables.ts';
import { sampleTypes } from '../sample-types/tables.ts';
import { sampleTests, samples } from '../samples/tables.ts';
import { cultureIsolates, isolateSusceptibilities, microOrganisms, sampleCultures } from './tables.ts';

/** The work list's own filters (GET /mikrobiologija/list). */
export interface MicroWorkListExtra {
  materijal?: string | undefined;
  organizam?: string | undefined;
  faza?: CultureStage | undefined;
}

/** The culture's specimen, or the assay's sample type while no culture is saved. */
const specimen = sql<string>`coalesce(${sampleCultures.materijal}, ${sampleTypes.naziv}, '')`;

/**
 * The stage of a culture test (CULTURE_STAGES), from what is stored: a verified sample is done whatever its
 * culture; else an antibiogram row, an isolate, a saved culture, or nothing yet.
 */
const stage = sql<CultureStage>`case
  when ${samples.status} = 'VERIFICIRAN' then 'verificirana'
  when exists (select 1 from ${cultureIsolates} ci join ${isolateSusceptibilities} sus on sus.isolate_id = ci.id where ci.culture_id = ${sampleCultures.id}) then 'antibiogram'
  when exists (select 1 from ${cultureIsolates} ci where ci.culture_id = ${sampleCultures.id}) then 'izolati'
  when ${sampleCultures.id} is not null then 'ocitana'
  else 'postavljena' end`;

/** The organisms grown, in entry order; an empty list without isolates. */
const organisms = sql<string[]>`coalesce((
  select array_agg(mo.fullname order by ci.rbr) from ${cultureIsolates} ci join ${microOrganisms} mo on mo.mo = ci.mo
  where ci.culture_id = ${sampleCultures.id}), '{}'::text[])`;

function extraConditions(extra: MicroWorkListExtra): SQL | undefined {
  return and(
    extra.materijal ? sql`lower(${specimen}) like lower(${`${escapeLike(extra.materijal)}%`})` : undefined,
    extra.organizam
      ? sql`exists (select 1 from ${cultureIsolates} ci where ci.culture_id = ${sampleCultures.id} and ci.mo = ${extra.organizam})`
      : undefined,
    extra.faza ? sql`${stage} = ${extra.faza}` : undefined,
  );
}

/**
 * GET /mikrobiologija/list: the culture tests (tests of a section marked `mikrobiologija`, not calculated) of
 * the site's samples, one row each, through the list query (period on the sample's registration, sort,
 * 'Pretraga' over code and patient, paging in SQL). The site is the list's own condition on samples.site_id,
 * so another site's cultures are never listed. The period is served by samples_site_created_idx.
 */
export function microWorkList(db: Db, list: ListRequest<MicroWorkListExtra>) {
  return runList(db, list, {
    site: samples.siteId,
    query: () => db.select({
      _id: sampleTests.id,
      sid: samples.id,
      pid: samples.patientId,
      code: samples.code,
      status: sql<SampleStatus>`${samples.status}`,
      hitan: samples.hitan,
      created_at: samples.createdAt,
      ime: patients.ime,
      prezime: patients.prezime,
      sifra: labAssays.sifra,
      naziv: labAssays.naziv,
      naziv_en: labAssays.nazivEn,
      naziv_de: labAssays.nazivDe,
      materijal: specimen,
      rast: sampleCultures.rast,
      izolati: organisms,
      faza: stage,
    }).from(sampleTests)
      .innerJoin(samples, eq(samples.id, sampleTests.sampleId))
      .innerJoin(patients, eq(patients.id, samples.patientId))
      .innerJoin(labAssays, eq(labAssays.id, sampleTests.labassayId))
      .innerJoin(labSections, eq(labSections.id, labAssays.sekcijaId))
      .leftJoin(sampleTypes, eq(sampleTypes.id, labAssays.sampleTypeId))
      .leftJoin(sampleCultures, eq(sampleCultures.sampleTestId, sampleTests.id))
      .$dynamic(),
    where: and(eq(labSections.mikrobiologija, true), eq(labAssays.calculated, false), extraConditions(list.extra)),
    sortable: {
      created_at: samples.createdAt, code: samples.code, prezime: patients.prezime, ime: patients.ime,
      naziv: catalogueNameIn(list.language, labAssays),
      // The stages sort in the order the work goes, not alphabetically.
      materijal: specimen, faza: sql`array_position(array[${sql.join(CULTURE_STAGES.map((name) => sql`${name}`), sql`, `)}]::text[], ${stage})`,
    },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    primaryKey: sampleTests.id,
    filter: [samples.code, patients.prezime, patients.ime, patients.jmbg],
    date: samples.createdAt,
  });
}
