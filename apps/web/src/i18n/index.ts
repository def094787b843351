/**
 * i18next set up once for the whole app: Bosnian by default, English and
 * German complete. This folder is the core: the shell's and the shared
 * components' text (bs.ts, en.ts, de.ts beside this file), the language
 * hooks and `serverMessage`; it imports no feature, so lib/ and components/
 * may use it. Each feature's text is joined in by app/catalogues.ts when the
 * app starts.
 *
 * - In components: `const { t } = useTranslation(); t('shell.logout')`, or with
 *   a prefix for a component's own group: `useTranslation(undefined, { keyPrefix: 'listTable' })`.
 * - One interpolation syntax everywhere, i18next's `{{name}}`: the web
 *   catalogues and the domain's message catalogue (MESSAGES) both use it.
 * - The session's language ('rs'/'bs' -> bs, 'en', 'de') is applied by the
 *   session store through `applyLanguage`; nothing else needs to call it.
 * - The domain's message catalogue (MESSAGES in @lis/domain: the server's
 *   answers, validation and confirmations) is registered with i18next too, as
 *   the `messages` namespace: `messageText('form.required')` shows one in the
 *   language shown now. The web reads MESSAGES through i18next only.
 * - Server errors: `serverMessage(error)` gives the text to show for an
 *   ApiError: the server's own Bosnian message for bs (unless the spec's wire
 *   text is not Bosnian, as for an expired account), and the English or
 *   German text of its `code` (the `messages` namespace) otherwise.
 * - A key that arrives as data (sidebar titles such as 'menu.prijem') goes
 *   through `translateKey`, which falls back to the key itself.
 */
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/bs';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import { LANGUAGES, type Language, MESSAGES, type MessageCode, hasForeignWireMessage } from '@lis/domain';
import { bs } from './bs.ts';
import { en } from './en.ts';
import { de } from './de.ts';

/** The core catalogues; app/catalogues.ts adds every feature's to them. */
export const CORE_CATALOGUES = { bs, en, de } as const;

/** MESSAGES in one language, by code ('form.required'): the `messages` namespace, read without a key separator. */
function messagesIn(language: Language): Record<MessageCode, string> {
  return Object.fromEntries(Object.entries(MESSAGES).map(([code, texts]) => [code, texts[language]])) as Record<MessageCode, string>;
}

export const MESSAGE_CATALOGUES: Readonly<Record<Language, Record<MessageCode, string>>> = Object.fromEntries(
  LANGUAGES.map((language) => [language, messagesIn(language)]),
) as Record<Language, Record<MessageCode, string>>;

void i18n.use(initReactI18next).init({
  resources: {
    bs: { translation: bs, messages: MESSAGE_CATALOGUES.bs },
    en: { translation: en, messages: MESSAGE_CATALOGUES.en },
    de: { translation: de, messages: MESSAGE_CATALOGUES.de },
  },
  lng: 'bs',
  fallbackLng: 'bs',
  initAsync: false,
  // React escapes what it renders; escaping here as well would show '&amp;'.
  interpolation: { escapeValue: false },
  returnNull: false,
});
dayjs.locale('bs');

export { i18n };

export function currentLanguage(): Language {
  const language = i18n.language;
  return language === 'en' || language === 'de' ? language : 'bs';
}

/** The language shown now, as a hook: components re-render when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return language === 'en' || language === 'de' ? language : 'bs';
}

export function applyLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  dayjs.locale(language);
  document.documentElement.lang = language;
}

export function isMessageCode(code: string | undefined): code is MessageCode {
  return code !== undefined && Object.hasOwn(MESSAGES, code);
}

/**
 * A message of the domain's catalogue in the language shown now (or the one
 * given), its `{{placeholders}}` filled from `params`; a placeholder without
 * a value stays as it is, as the server leaves it.
 */
export function messageText(code: MessageCode, params: Readonly<Record<string, string>> = {}, language?: Language): string {
  // Codes hold dots ('form.required') and are flat keys, not paths.
  return i18n.t(code, { ns: 'messages', keySeparator: false, nsSeparator: false, replace: { ...params }, ...(language ? { lng: language } : {}) });
}

/** What an error from the API reads as in the user's language. */
export function serverMessage(
  error: { message: string; code?: string; field?: string; params?: Readonly<Record<string, string>> },
  language: Language = currentLanguage(),
): string {
  if (error.code === 'network') return i18n.t('errors.network');
  // In Bosnian the server's own text, except where the spec's wire text is not Bosnian ('User Account has Expired.').
  if (language === 'bs' && error.message && !(isMessageCode(error.code) && hasForeignWireMessage(error.code))) return error.message;
  // The server's placeholders (an assay's name, a rule), with the field as before for messages that name it.
  if (isMessageCode(error.code)) return messageText(error.code, { ...(error.field ? { field: error.field } : {}), ...error.params }, language);
  return error.message || i18n.t('errors.unexpected');
}

/** Translates a key that arrives as data; an unknown key is shown as it is rather than hidden. */
export function translateKey(key: string): string {
  return i18n.exists(key) ? i18n.t(key, { defaultValue: key }) : key;
}
