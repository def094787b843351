import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { GENERAL_OPTIONS_TYPE } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { labSecrets, settingRecords, sites } from '../../db/shared-tables.ts';

// The lab's report-signing identity (a PKCS#12 file and its password) among the lab's secrets: never sent
// to a client, never logged. One row, lab-wide, replaced when a certificate is installed in the settings.

/** The lab secret that holds the signing identity. */
export const SIGNING_SECRET = 'report_signing_p12';

export interface StoredIdentity {
  p12: Buffer;
  password: string;
  /** How it came: made by the server at first start, or installed by an administrator. */
  source: 'self-signed' | 'uploaded';
}

function parse(secret: string): StoredIdentity {
  const value = JSON.parse(secret) as { p12: string; password: string; source: StoredIdentity['source'] };
  return { p12: Buffer.from(value.p12, 'base64'), password: value.password, source: value.source };
}

function serialise(identity: StoredIdentity): string {
  return JSON.stringify({ p12: identity.p12.toString('base64'), password: identity.password, source: identity.source });
}

/** The stored identity (its secret text is the cache key of the opened signer), or null when none was made yet. */
export async function storedIdentity(db: Db): Promise<{ text: string; identity: StoredIdentity } | null> {
  const [row] = await db.select({ secret: labSecrets.secret }).from(labSecrets).where(eq(labSecrets.name, SIGNING_SECRET)).limit(1);
  return row ? { text: row.secret, identity: parse(row.secret) } : null;
}

/** Stores `identity` unless one is there already (two servers starting at once keep one); answers the one kept. */
export async function keepFirstIdentity(db: Db, identity: StoredIdentity): Promise<{ text: string; identity: StoredIdentity }> {
  await db.insert(labSecrets).values({ name: SIGNING_SECRET, secret: serialise(identity) }).onConflictDoNothing();
  const kept = await storedIdentity(db);
  if (!kept) throw new Error('the report-signing identity was not stored');
  return kept;
}

/** Replaces the identity with one an administrator installed. */
export async function replaceIdentity(db: Db, identity: StoredIdentity): Promise<void> {
  const secret = serialise(identity);
  await db.insert(labSecrets).values({ name: SIGNING_SECRET, secret })
    .onConflictDoUpdate({ target: labSecrets.name, set: { secret } });
}

/** The name a self-signed certificate carries: the lab's name in the lab-wide general options, else the first site's. */
export async function labNameForCertificate(db: Db): Promise<string> {
  const [options] = await db.select({ data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, GENERAL_OPTIONS_TYPE), isNull(settingRecords.siteId))).orderBy(desc(settingRecords.updatedAt)).limit(1);
  const labName = options?.data.labName;
  if (typeof labName === 'string' && labName.trim()) return labName.trim();
  const [site] = await db.select({ naziv: sites.naziv }).from(sites).orderBy(asc(sites.createdAt)).limit(1);
  return site?.naziv ?? 'LIS';
}
