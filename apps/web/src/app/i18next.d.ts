import 'i18next';
import type { MessageCode } from '@lis/domain';
import type { Catalogue } from './catalogues.ts';

// Typed keys: t('shell.logut') is a compile error, not a missing string at run time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // `messages`: the domain's MESSAGES by code, read through messageText (i18n/index.ts).
    resources: { translation: Catalogue; messages: Record<MessageCode, string> };
    returnNull: false;
  }
}
