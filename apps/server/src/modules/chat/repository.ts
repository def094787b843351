import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/shared-tables.ts';
import { chatFiles, chatMessages, chatReads } from './tables.ts';
import { isUuid } from '../../lib/ids.ts';

export interface ChatFileRow {
  id: string;
  messageId: string;
  naziv: string;
  tip: string;
  velicina: number;
}

export interface ChatMessageRow {
  id: string;
  seq: number;
  tekst: string;
  createdAt: Date;
  authorId: string;
  ime: string;
  prezime: string;
}

export interface NewChatFile {
  naziv: string;
  tip: string;
  sadrzaj: Buffer;
}

const messageColumns = {
  id: chatMessages.id,
  seq: chatMessages.seq,
  tekst: chatMessages.tekst,
  createdAt: chatMessages.createdAt,
  authorId: chatMessages.authorId,
  ime: users.ime,
  prezime: users.prezime,
};

/**
 * The chat of one site: every statement carries `site_id = <that site>`, so a message or file of another
 * site is never read, counted or answered, whatever id a caller names.
 */
export function chatRepository(db: Db | Tx, siteId: string) {
  const site = (column: typeof chatMessages.siteId | typeof chatFiles.siteId) => eq(column, siteId);

  /** The message's `seq` at this site; null for an id that is not one of its messages. */
  async function seqOf(messageId: string): Promise<number | null> {
    if (!isUuid(messageId)) return null;
    const [row] = await db.select({ seq: chatMessages.seq }).from(chatMessages)
      .where(and(site(chatMessages.siteId), eq(chatMessages.id, messageId)));
    return row?.seq ?? null;
  }

  /** Up to `limit` messages before `beforeSeq` (newest page without it), newest first, with their authors. */
  async function page(beforeSeq: number | null, limit: number): Promise<ChatMessageRow[]> {
    return db.select(messageColumns).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.authorId))
      .where(beforeSeq === null ? site(chatMessages.siteId) : and(site(chatMessages.siteId), lt(chatMessages.seq, beforeSeq)))
      .orderBy(desc(chatMessages.seq))
      .limit(limit);
  }

  /** The files (without their bytes) of these messages, in their order. */
  async function filesOf(messageIds: readonly string[]): Promise<ChatFileRow[]> {
    if (messageIds.length === 0) return [];
    return db.select({ id: chatFiles.id, messageId: chatFiles.messageId, naziv: chatFiles.naziv, tip: chatFiles.tip, velicina: chatFiles.velicina })
      .from(chatFiles)
      .where(and(site(chatFiles.siteId), inArray(chatFiles.messageId, [...messageIds])))
      .orderBy(asc(chatFiles.messageId), asc(chatFiles.redoslijed));
  }

  /** One file with its bytes; null for an id that is not a file of this site. */
  async function file(fileId: string): Promise<(ChatFileRow & { sadrzaj: Buffer }) | null> {
    if (!isUuid(fileId)) return null;
    const [row] = await db.select({
      id: chatFiles.id, messageId: chatFiles.messageId, naziv: chatFiles.naziv, tip: chatFiles.tip, velicina: chatFiles.velicina, sadrzaj: chatFiles.sadrzaj,
    }).from(chatFiles).where(and(site(chatFiles.siteId), eq(chatFiles.id, fileId)));
    return row ?? null;
  }

  /** Stores a message and its files (call inside a transaction); answers the message as read back. */
  async function insert(authorId: string, tekst: string, files: readonly NewChatFile[]): Promise<{ message: ChatMessageRow; files: ChatFileRow[] }> {
    const [inserted] = await db.insert(chatMessages).values({ siteId, authorId, tekst })
      .returning({ id: chatMessages.id });
    if (!inserted) throw new Error('chat message not stored');
    const storedFiles = files.length === 0 ? [] : await db.insert(chatFiles).values(files.map((item, index) => ({
      messageId: inserted.id, siteId, naziv: item.naziv, tip: item.tip, velicina: item.sadrzaj.length, sadrzaj: item.sadrzaj, redoslijed: index,
    }))).returning({ id: chatFiles.id, messageId: chatFiles.messageId, naziv: chatFiles.naziv, tip: chatFiles.tip, velicina: chatFiles.velicina });
    const [message] = await db.select(messageColumns).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.authorId))
      .where(and(site(chatMessages.siteId), eq(chatMessages.id, inserted.id)));
    if (!message) throw new Error('chat message not read back');
    return { message, files: storedFiles };
  }

  /** Messages of others after what the user has read at this site. */
  async function unreadCount(userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(chatMessages)
      .where(and(
        site(chatMessages.siteId),
        ne(chatMessages.authorId, userId),
        gt(chatMessages.seq, sql`coalesce((select ${chatReads.lastReadSeq} from ${chatReads}
          where ${chatReads.userId} = ${userId} and ${chatReads.siteId} = ${siteId}), 0)`),
      ));
    return row?.n ?? 0;
  }

  /** The user has read up to `seq`: never moves back (an older page read later leaves it where it is). */
  async function markRead(userId: string, seq: number): Promise<void> {
    await db.insert(chatReads).values({ userId, siteId, lastReadSeq: seq })
      .onConflictDoUpdate({
        target: [chatReads.userId, chatReads.siteId],
        set: { lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)` },
      });
  }

  return { seqOf, page, filesOf, file, insert, unreadCount, markRead };
}
