import type { HealthAnswer } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { pingDatabase } from './repository.ts';

/**
 * Ready when the database answers and can take writes (the embedded database's disk above its reserve,
 * db/disk-room.ts); otherwise 503 with the spec's 'Greška prilikom konekcije na DB.'.
 */
export async function checkReadiness(db: Db, assertWritable?: () => Promise<void>): Promise<HealthAnswer> {
  try {
    await pingDatabase(db);
    await assertWritable?.();
  } catch {
    throw new AppError(503, 'db.connection');
  }
  return { status: 'ok' };
}
