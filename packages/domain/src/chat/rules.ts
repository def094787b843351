/**
 * The chat's send rules (spec, section 5): an empty text is not sent; a file
 * with no text sends only the file; Enter sends, Shift+Enter does not (it
 * starts a new line of the message).
 */

/** Whether a message with this text and this many files is sent at all: text that is only blanks counts as empty. */
export function isChatSendable(text: string, fileCount: number): boolean {
  return text.trim() !== '' || fileCount > 0;
}

/** The text as stored: blanks around it trimmed, the lines inside kept as typed. */
export function chatTextToSend(text: string): string {
  return text.trim();
}

/**
 * Whether a key press in the message box sends: Enter alone does; Shift+Enter inserts a new line instead,
 * and an Enter that confirms an input method's composition (accented letters, other scripts) is not a send either.
 */
export function isChatSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && event.isComposing !== true;
}

/** How long a file removed from a message being written can still be restored before it is truly removed (ms). */
export const REMOVED_FILE_UNDO_MS = 2000;

/** The socket event a new message of the site is delivered with (to that site's room only). */
export const CHAT_MESSAGE_EVENT = 'chat:message';

/** Messages one page of history holds; older ones load as the reader scrolls up. */
export const CHAT_PAGE_SIZE = 30;
