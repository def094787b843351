/**
 * The staff chat: its opener (with the unread count) and window, which the
 * app shell's top bar shows for every signed-in session.
 */
export { ChatLauncher } from './ChatLauncher.tsx';
