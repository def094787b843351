import 'i18next';
import type { Catalogue } from './catalogues.ts';

// Typed keys: t('shell.logut') is a compile error, not a missing string at run time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
    returnNull: false;
  }
}
