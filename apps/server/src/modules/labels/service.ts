import { labelSettingsFrom, type LabelData, type LabelSettings } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { labelData } from '../samples/service.ts';
import { labelRepository } from './repository.ts';

/** What a printable label shows (asked of the samples service) and the label stock of the calling site. */
export async function labelFor(db: Db, ctx: RequestContext, id: string): Promise<{ content: LabelData; settings: LabelSettings }> {
  const [content, stored] = await Promise.all([labelData(db, ctx, id), labelRepository(db, ctx.siteId).labelSettingData()]);
  return { content, settings: labelSettingsFrom(stored) };
}
