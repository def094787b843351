/**
 * The chat calls: history pages, send (files as base64 in the JSON body), a file, the unread count and the
 * read mark. All of the session's current site: the API client adds it.
 */
import type { ChatHistoryAnswer, ChatMessage, ChatUnreadAnswer } from '@lis/domain';
import { call } from '../../api/client.ts';
import { chatContracts } from '@lis/domain';
import type { FileRequest } from '../../api/use-file-url.ts';

export const chatKeys = {
  history: (siteId: string) => ['chat', siteId, 'history'] as const,
  unread: (siteId: string) => ['chat', siteId, 'unread'] as const,
};

export function fetchHistory(prije: string | undefined, signal?: AbortSignal): Promise<ChatHistoryAnswer> {
  return call(chatContracts.history, { query: prije ? { prije } : {} }, { signal });
}

export function fetchUnread(signal?: AbortSignal): Promise<ChatUnreadAnswer> {
  return call(chatContracts.unread, {}, { signal });
}

export function markRead(messageId: string): Promise<{ neprocitano: number }> {
  return call(chatContracts.markRead, { body: { do: messageId } });
}

/** A file's bytes as base64, read by the browser (large files without building a string per byte). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      // readAsDataURL gives a string: 'data:<type>;base64,<bytes>'.
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('file not read'));
    reader.readAsDataURL(file);
  });
}

export async function sendMessage(tekst: string, files: readonly File[]): Promise<ChatMessage> {
  const prilozi = await Promise.all(files.map(async (file) => ({ naziv: file.name, sadrzaj: await base64Of(file) })));
  return (await call(chatContracts.send, { body: { tekst, prilozi } })).poruka;
}

export function fetchChatFile(fileId: string, signal?: AbortSignal): Promise<Blob> {
  return call(chatContracts.file, { params: { id: fileId } }, { signal });
}

/** An attachment as a file for useFileUrl (an image shown in the conversation). */
export function chatFile(fileId: string): FileRequest {
  return { key: fileId, load: (signal) => fetchChatFile(fileId, signal) };
}
