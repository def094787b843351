import {
  BYTES_PER_MB, CHAT_MESSAGE_EVENT, CHAT_PAGE_SIZE, type ChatAttachment, type ChatFileType, type ChatMessage, type ChatMessageEvent,
  chatFileTypeOfBytes, chatFileTypeOfName, chatTextToSend, formatFileSize, isChatSendable,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { labGeneralOptions } from '../general-options/service.ts';
import { type ChatFileRow, type ChatMessageRow, type NewChatFile, chatRepository } from './repository.ts';

function attachmentOf(row: ChatFileRow): ChatAttachment {
  return { _id: row.id, naziv: row.naziv, tip: row.tip as ChatFileType, velicina: row.velicina };
}

function messageOf(row: ChatMessageRow, files: readonly ChatFileRow[]): ChatMessage {
  return {
    _id: row.id,
    tekst: row.tekst,
    autor: { _id: row.authorId, ime: row.ime, prezime: row.prezime },
    created_at: row.createdAt.toISOString(),
    prilozi: files.filter((file) => file.messageId === row.id).map(attachmentOf),
  };
}

/** The lab's largest chat file in bytes (general options, lab-wide). */
export async function maxFileBytes(db: Db): Promise<number> {
  return (await labGeneralOptions(db)).chatMaxFileMb * BYTES_PER_MB;
}

/** GET chat/poruke: a page of the site's conversation, oldest first; `prije` pages back from that message. */
export async function history(db: Db, ctx: RequestContext, prije: string | undefined): Promise<{ poruke: ChatMessage[]; starije: boolean }> {
  const repository = chatRepository(db, ctx.siteId);
  let beforeSeq: number | null = null;
  if (prije !== undefined) {
    beforeSeq = await repository.seqOf(prije);
    // Another site's message, or none: paging from it is as unknown as the message itself.
    if (beforeSeq === null) throw AppError.notFound();
  }
  // One more than a page tells whether older messages exist.
  const rows = await repository.page(beforeSeq, CHAT_PAGE_SIZE + 1);
  const pageRows = rows.slice(0, CHAT_PAGE_SIZE).reverse();
  const files = await repository.filesOf(pageRows.map((row) => row.id));
  return { poruke: pageRows.map((row) => messageOf(row, files)), starije: rows.length > CHAT_PAGE_SIZE };
}

export interface FileInput {
  naziv: string;
  sadrzaj: string;
}

/**
 * A file as sent: its name must have an allowed extension and its bytes must prove the same type (a renamed
 * page or script is refused as 415 'Format nije podržan.'), and it must not be larger than the lab allows.
 */
function checkedFile(input: FileInput, index: number, limit: number): NewChatFile {
  const field = `prilozi.${index}`;
  const bytes = Buffer.from(input.sadrzaj, 'base64');
  const byName = chatFileTypeOfName(input.naziv);
  const byBytes = chatFileTypeOfBytes(bytes);
  if (byName === null || byBytes === null || byName !== byBytes) throw new AppError(415, 'upload.unsupported', field);
  if (bytes.length > limit) {
    throw new AppError(413, 'chat.fileTooLarge', field, { naziv: input.naziv, max: formatFileSize(limit, ',') });
  }
  return { naziv: input.naziv, tip: byBytes, sadrzaj: bytes };
}

/**
 * POST chat/poruke: stores the message (text, files, or both; an empty one is refused) for the caller's site and,
 * after commit, delivers it to that site's room. The sender has read everything up to their own message.
 */
export async function send(db: Db, realtime: RealtimeHub | undefined, ctx: RequestContext, tekst: string, prilozi: readonly FileInput[]): Promise<ChatMessage> {
  const text = chatTextToSend(tekst);
  if (!isChatSendable(text, prilozi.length)) throw AppError.badRequest('chat.empty', 'tekst');
  const limit = await maxFileBytes(db);
  const files = prilozi.map((input, index) => checkedFile(input, index, limit));
  const message = await db.transaction(async (tx) => {
    const repository = chatRepository(tx, ctx.siteId);
    const stored = await repository.insert(ctx.userId, text, files);
    await repository.markRead(ctx.userId, stored.message.seq);
    return messageOf(stored.message, stored.files);
  });
  const event: Omit<ChatMessageEvent, 'site'> = { poruka: message };
  realtime?.emitToSiteStaff(ctx.siteId, CHAT_MESSAGE_EVENT, event);
  return message;
}

/** GET chat/prilozi/{id}: a file of the caller's site with its bytes; another site's or none: 404. */
export async function file(db: Db, ctx: RequestContext, fileId: string): Promise<{ naziv: string; tip: string; sadrzaj: Buffer }> {
  const found = await chatRepository(db, ctx.siteId).file(fileId);
  if (!found) throw AppError.notFound();
  return found;
}

/** GET chat/neprocitano: messages of others the caller has not read at this site, and the file limit. */
export async function unread(db: Db, ctx: RequestContext): Promise<{ neprocitano: number; max_velicina: number }> {
  const [neprocitano, max] = await Promise.all([chatRepository(db, ctx.siteId).unreadCount(ctx.userId), maxFileBytes(db)]);
  return { neprocitano, max_velicina: max };
}

/** POST chat/procitano: the caller has read the site's conversation up to this message (404 for another site's). */
export async function markRead(db: Db, ctx: RequestContext, messageId: string): Promise<number> {
  const repository = chatRepository(db, ctx.siteId);
  const seq = await repository.seqOf(messageId);
  if (seq === null) throw AppError.notFound();
  await repository.markRead(ctx.userId, seq);
  return repository.unreadCount(ctx.userId);
}
