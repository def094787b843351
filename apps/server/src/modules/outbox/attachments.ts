import type { Db } from '../../db/client.ts';
import { outboxRepository } from './repository.ts';

/**
 * The one thing the outbox needs of the reports: a report version's PDF as
 * issued (bytes and name). A message keeps only the ids of the versions it
 * carries, and the bytes of a version never change, so every attempt, and
 * a resend years later, attaches exactly what the lab issued.
 */

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: 'application/pdf';
}

/** The file name a report version travels under: the sample's code, the language, the version. */
export function reportFileName(version: { code: string; jezik: string; verzija: number }): string {
  return `nalaz-${version.code}-${version.jezik}${version.verzija > 1 ? `-v${version.verzija}` : ''}.pdf`;
}

/** The PDFs of these report versions of the site, in order. A version that is not there is an error: the message must not go out without it. */
export async function attachmentsOf(db: Db, siteId: string, versionIds: readonly string[]): Promise<MailAttachment[]> {
  if (versionIds.length === 0) return [];
  const repo = outboxRepository(db, siteId);
  const versions = await repo.reportVersions(versionIds);
  const attachments: MailAttachment[] = [];
  for (const id of versionIds) {
    const version = versions.find((candidate) => candidate.id === id);
    const content = version ? await repo.reportVersionPdf(id) : null;
    if (!version || !content) throw new Error(`report version ${id} is missing`);
    attachments.push({ filename: reportFileName(version), content, contentType: 'application/pdf' });
  }
  return attachments;
}
