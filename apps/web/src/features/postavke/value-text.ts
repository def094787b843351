/** How the settings history names actions and fields and shows values, in the language shown. */
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../i18n/index.ts';
import { formatDate } from '../../lib/date-time.ts';
import { useAllSites } from './all-sites.ts';

export function useValueText() {
  const { t, i18n } = useTranslation();
  const sites = useAllSites();
  const siteCode = (id: string) => sites.data?.find((site) => site._id === id)?.sifra ?? id;
  const label = (key: string, fallback: string): string => (i18n.exists(key) ? translateKey(key) : fallback);

  return {
    action: (akcija: string) => label(`postavke.action_${akcija.replace('.', '_')}`, akcija),
    field: (field: string) => {
      const [head, tail] = field.split('.');
      const name = tail ?? head ?? field;
      return label(`postavke.field.${name}`, name);
    },
    value: (field: string, value: unknown): string => {
      const name = field.split('.').at(-1) ?? field;
      if (value === null || value === undefined || value === '') return t('postavke.empty');
      if (typeof value === 'boolean') return value ? t('postavke.yes') : t('postavke.no');
      if (name === 'role' && typeof value === 'string') return label(`roles.${value}`, value);
      if (name === 'language' && typeof value === 'string') return label(`language.${value}`, value);
      if (name === 'expiresAt' && typeof value === 'string') return formatDate(value);
      if (name === 'sites' && Array.isArray(value)) return value.filter((id): id is string => typeof id === 'string').map(siteCode).join(', ');
      if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
      if (typeof value === 'string' || typeof value === 'number') return String(value);
      return JSON.stringify(value);
    },
  };
}
