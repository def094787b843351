/**
 * Toasts, the same everywhere: bottom-right, 2500 ms. Bottom-right because the
 * top right holds the user menu and every dialog's close button, and a toast
 * must never cover either; raised above the bottom edge, where the result
 * entry keeps its sticky SAČUVAJ bar (notify.module.css).
 *
 *   notify.success(t('...'));      notify.warning(serverMessage(error));
 *   notify.error('Greška prilikom brisanja!');
 *   notify.apiError(error);        // any caught error, in the user's language
 *
 * Position and duration are set once on <Notifications> in App.tsx; a screen
 * with a different spot (the date-range warning is top-left) passes `position`.
 */
import { notifications, type NotificationData } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { ApiError } from '../api/client.ts';
import { isDatabaseUnreachable } from '../api/database-outage.ts';
import { i18n, messageText, serverMessage } from '../i18n/index.ts';

export const TOAST_DURATION_MS = 2500;
export const TOAST_POSITION = 'bottom-right';
export { default as toastClasses } from './notify.module.css';

type ToastOptions = Pick<NotificationData, 'title' | 'position' | 'id'>;

/** The database-unreachable message in every language: while the banner says it, no toast repeats it per call. */
const DATABASE_UNREACHABLE = new Set((['bs', 'en', 'de'] as const).map((language) => messageText('db.connection', {}, language)));

function show(message: string, color: string, icon: React.ReactNode, options: ToastOptions): string {
  if (isDatabaseUnreachable() && DATABASE_UNREACHABLE.has(message)) return '';
  return notifications.show({
    message, color, icon, autoClose: TOAST_DURATION_MS, withBorder: true,
    // The close button is an icon: it needs a name for screen readers (axe: button-name).
    closeButtonProps: { 'aria-label': i18n.t('common.closeDialog') },
    ...options,
  });
}

export const notify = {
  success: (message: string, options: ToastOptions = {}) => show(message, 'teal', <IconCheck size={18} />, options),
  warning: (message: string, options: ToastOptions = {}) => show(message, 'orange', <IconAlertTriangle size={18} />, options),
  error: (message: string, options: ToastOptions = {}) => show(message, 'red', <IconX size={18} />, options),
  /** An error caught from a call: the server's message in the user's language, or a general one. */
  apiError: (error: unknown, options: ToastOptions = {}) =>
    show(error instanceof ApiError ? serverMessage(error) : i18n.t('errors.unexpected'), 'red', <IconX size={18} />, options),
};
