import type { ReportInput } from './content.ts';

// A report version's content as issued, kept beside its PDFs so the same version can be printed later in
// another language with exactly what was verified: the results, ranges, flags, names in every language,
// letterhead and signatures of that moment, never the catalogue or the patient record as they are now.

/** What every language of one version shares: the report input without its language. */
export type ReportVersionInput = Omit<ReportInput, 'jezik'>;

/** ReportVersionInput as JSON keeps it: every instant as ISO-8601 text. */
export type FrozenReportInput = Omit<ReportVersionInput, 'sample' | 'reportedAt' | 'approved' | 'verified' | 'correction'> & {
  sample: Omit<ReportVersionInput['sample'], 'collectedAt' | 'receivedAt'> & { collectedAt: string; receivedAt: string | null };
  reportedAt: string;
  approved: { name: string; at: string } | null;
  verified: { name: string; at: string } | null;
  correction: { reason: string; replacesVerzija: number; replacesIssuedAt: string } | null;
};

const actorOut = (actor: ReportVersionInput['approved']) => (actor ? { name: actor.name, at: actor.at.toISOString() } : null);
const actorIn = (actor: FrozenReportInput['approved']) => (actor ? { name: actor.name, at: instant(actor.at) } : null);

function instant(text: string): Date {
  const value = new Date(text);
  if (Number.isNaN(value.getTime())) throw new Error(`a frozen report holds a broken instant: ${text}`);
  return value;
}

/** The content of a version as it is stored when the version is issued. */
export function freezeReportInput(input: ReportVersionInput): FrozenReportInput {
  return {
    ...input,
    sample: { ...input.sample, collectedAt: input.sample.collectedAt.toISOString(), receivedAt: input.sample.receivedAt?.toISOString() ?? null },
    reportedAt: input.reportedAt.toISOString(),
    approved: actorOut(input.approved),
    verified: actorOut(input.verified),
    correction: input.correction ? { ...input.correction, replacesIssuedAt: input.correction.replacesIssuedAt.toISOString() } : null,
  };
}

/** The stored content back as the report builder takes it. */
export function thawReportInput(frozen: FrozenReportInput): ReportVersionInput {
  return {
    ...frozen,
    sample: { ...frozen.sample, collectedAt: instant(frozen.sample.collectedAt), receivedAt: frozen.sample.receivedAt === null ? null : instant(frozen.sample.receivedAt) },
    reportedAt: instant(frozen.reportedAt),
    approved: actorIn(frozen.approved),
    verified: actorIn(frozen.verified),
    correction: frozen.correction ? { ...frozen.correction, replacesIssuedAt: instant(frozen.correction.replacesIssuedAt) } : null,
  };
}
