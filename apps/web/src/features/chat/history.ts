/**
 * The conversation as TanStack Query keeps it: pages of history, the newest
 * page first (as fetched), each page's messages oldest first. Live messages
 * are added to the newest page; the screen shows the pages in reverse.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { ChatHistoryAnswer, ChatMessage } from '@lis/domain';

export type ChatHistory = InfiniteData<ChatHistoryAnswer>;

/** The messages oldest first, whatever pages are loaded. */
export function messagesOf(history: ChatHistory | undefined): ChatMessage[] {
  if (!history) return [];
  return [...history.pages].reverse().flatMap((page) => page.poruke);
}

/** The history with a new message at its end; unchanged when it is already there (the sender gets it twice: answer and socket). */
export function withMessage(history: ChatHistory | undefined, message: ChatMessage): ChatHistory | undefined {
  if (!history || history.pages.length === 0) return history;
  if (history.pages.some((page) => page.poruke.some((item) => item._id === message._id))) return history;
  const [newest, ...older] = history.pages;
  return { ...history, pages: [{ ...newest!, poruke: [...newest!.poruke, message] }, ...older] };
}
