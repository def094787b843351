/**
 * 'Registracija korisnika' (a new user) and the edit of a user: e-mail, name,
 * role, access level, sites, language, idle time, start screen, the account's
 * last day and, for a new user, the initial password the user must change at
 * the first sign-in. The form is checked with the domain's `userElementSchema`
 * (the server's own) before the call, every problem at its field; the
 * server's refusal (a taken e-mail, the last administrator) lands on its
 * field too. Enter moves to the next field.
 */
import { useEffect, useMemo, useState } from 'react';
import { MultiSelect, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_IDLE_SECONDS, HIDEABLE_MENU, LANGUAGES, MAX_ACCESS_LEVEL, MIN_PASSWORD_LENGTH, ROLES, SETTINGS_PATH, type Role,
  type UserElementInput, type UserRecord, can, userElementSchema,
} from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DayInput } from '../../components/DayInput.tsx';
import { moveOnEnter } from '../../components/enter-navigation.ts';
import { notify } from '../../components/notify.tsx';
import { translateKey } from '../../i18n/index.ts';
import { siteTimeZone } from '../../lib/date-time.ts';
import { useCommonPasswordList } from '../../lib/common-passwords.ts';
import { accountEndInstant, lastValidDay } from './account-end.ts';
import { useAllSites } from './all-sites.ts';
import { saveUser } from './api.ts';
import { schemaProblems } from './form-problems.ts';
import { FormFooter, useSettingsForm } from './settings-form.tsx';

const SECONDS_PER_MINUTE = 60;

interface Fields {
  email: string;
  ime: string;
  prezime: string;
  role: Role;
  level: number;
  sites: string[];
  language: string;
  idleMinutes: number | string;
  defaultRoute: string;
  mikrobiologija: boolean;
  lastDay: string;
  password: string;
}

function fieldsOf(user: UserRecord | null, defaultIdleSeconds: number, siteId: string): Fields {
  if (!user) {
    return {
      email: '', ime: '', prezime: '', role: 'technician', level: 0, sites: [siteId], language: 'bs',
      idleMinutes: Math.round(defaultIdleSeconds / SECONDS_PER_MINUTE), defaultRoute: '', mikrobiologija: false, lastDay: '', password: '',
    };
  }
  return {
    email: user.email, ime: user.ime, prezime: user.prezime, role: user.role, level: user.level, sites: user.sites,
    language: user.language, idleMinutes: Math.round(user.idleTime / SECONDS_PER_MINUTE), defaultRoute: user.defaultRoute,
    mikrobiologija: user.mikrobiologija, lastDay: lastValidDay(user.expiresAt, siteTimeZone()), password: '',
  };
}

/** The form as the call's `element`: minutes become seconds, the last day becomes the instant the account ends. */
function elementOf(fields: Fields, user: UserRecord | null): UserElementInput {
  const minutes = typeof fields.idleMinutes === 'number' ? fields.idleMinutes : Number.NaN;
  return {
    ...(user ? { _id: user._id } : { password: fields.password }),
    email: fields.email, ime: fields.ime, prezime: fields.prezime, role: fields.role, level: fields.level, sites: fields.sites,
    language: fields.language as UserElementInput['language'],
    idleTime: Number.isFinite(minutes) ? Math.round(minutes * SECONDS_PER_MINUTE) : Number.NaN,
    defaultRoute: fields.defaultRoute,
    mikrobiologija: fields.mikrobiologija,
    expiresAt: accountEndInstant(fields.lastDay, siteTimeZone()),
  };
}

export interface UserDialogProps {
  opened: boolean;
  /** null: a new user. */
  user: UserRecord | null;
  /** The lab's default idle time for a new user (general options), in seconds. */
  defaultIdleSeconds?: number;
  currentSiteId: string;
  onClose: () => void;
  onSaved: (user: UserRecord) => void;
}

export function UserDialog({ opened, user, defaultIdleSeconds = DEFAULT_IDLE_SECONDS, currentSiteId, onClose, onSaved }: UserDialogProps) {
  useCommonPasswordList();
  const { t } = useTranslation();
  const form = useSettingsForm();
  const { problems, reset, language } = form;
  const sites = useAllSites();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(user, defaultIdleSeconds, currentSiteId));

  useEffect(() => {
    if (!opened) return;
    setFields(fieldsOf(user, defaultIdleSeconds, currentSiteId));
    reset();
  }, [opened, user, defaultIdleSeconds, currentSiteId, reset]);

  const set = <K extends keyof Fields>(key: K) => (value: Fields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    form.clearProblem(key);
  };

  // The start screens the chosen role may open at level 0 (read-only levels keep only read screens).
  const routeChoices = useMemo(() => [
    { value: '', label: t('postavke.users.defaultRouteFirst') },
    ...[...HIDEABLE_MENU, ...(fields.role === 'admin' ? [{ path: SETTINGS_PATH, title: 'menu.postavke', permission: 'settings.write' as const }] : [])]
      .filter((entry) => can(fields.role, fields.level, entry.permission))
      .map((entry) => ({ value: entry.path, label: translateKey(entry.title) })),
  ], [fields.role, fields.level, t]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const element = elementOf(fields, user);
    // An empty idle time is left to the server: the lab's default for a new user, the stored one on an edit.
    const sent = fields.idleMinutes === '' ? { ...element, idleTime: undefined } : element;
    void form.save(schemaProblems(userElementSchema.safeParse(sent), language, form.fieldLabel), async () => {
      const answer = await saveUser(sent);
      notify.success(t('postavke.users.saved'));
      onSaved(answer.element);
    }, { serverPrefix: 'element', general: ['settings.lastAdmin'] });
  };

  const input = (key: string) => ({
    error: problems[key],
    'data-enter-next': key,
  });
  const name = user ? `${user.ime} ${user.prezime}`.trim() || user.email : '';
  const siteOptions = (sites.data ?? []).map((site) => ({ value: site._id, label: `${site.sifra} · ${site.naziv}` }));

  return (
    <AppDialog opened={opened} onClose={onClose} title={user ? t('postavke.users.editTitle', { name }) : t('postavke.users.newTitle')} size="xl" force>
      <form onSubmit={submit} onKeyDown={moveOnEnter} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('postavke.users.email')} type="email" autoComplete="off" withAsterisk data-autofocus
              value={fields.email} onChange={(event) => set('email')(event.currentTarget.value)} {...input('email')}
            />
            <Select
              label={t('postavke.users.language')} allowDeselect={false}
              data={LANGUAGES.map((code) => ({ value: code, label: t(`language.${code}`) }))}
              value={fields.language} onChange={(value) => set('language')(value ?? 'bs')} {...input('language')}
            />
            <TextInput label={t('postavke.users.ime')} withAsterisk value={fields.ime} onChange={(event) => set('ime')(event.currentTarget.value)} {...input('ime')} />
            <TextInput
              label={t('postavke.users.prezime')} withAsterisk value={fields.prezime}
              onChange={(event) => set('prezime')(event.currentTarget.value)} {...input('prezime')}
            />
            <Select
              label={t('postavke.users.role')} withAsterisk allowDeselect={false}
              data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              value={fields.role} onChange={(value) => set('role')((value ?? 'technician'))} {...input('role')}
            />
            <Select
              label={t('postavke.users.level')} withAsterisk allowDeselect={false} description={t('postavke.users.levelHint')}
              data={Array.from({ length: MAX_ACCESS_LEVEL + 1 }, (_, level) => ({
                value: String(level), label: level === 0 ? t('postavke.users.level0') : t('postavke.users.levelN', { level }),
              }))}
              value={String(fields.level)} onChange={(value) => set('level')(Number(value ?? 0))} {...input('level')}
            />
          </SimpleGrid>
          <MultiSelect
            label={t('postavke.users.sites')} withAsterisk placeholder={fields.sites.length === 0 ? t('postavke.users.sitesPlaceholder') : undefined}
            data={siteOptions} value={fields.sites} onChange={set('sites')} searchable hidePickedOptions
            nothingFoundMessage={t('postavke.loadFailed')} {...input('sites')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <NumberInput
              label={t('postavke.users.idleTime')} min={1} max={1440} step={15} allowDecimal={false}
              value={fields.idleMinutes} onChange={set('idleMinutes')} {...input('idleTime')}
            />
            <Select
              label={t('postavke.users.defaultRoute')} allowDeselect={false} data={routeChoices}
              value={routeChoices.some((choice) => choice.value === fields.defaultRoute) ? fields.defaultRoute : ''}
              onChange={(value) => set('defaultRoute')(value ?? '')} {...input('defaultRoute')}
            />
            <DayInput
              label={t('postavke.users.expiresOn')} description={t('postavke.users.expiresHint')} clearable
              value={fields.lastDay || null} onChange={(value) => set('lastDay')(value ?? '')} {...input('expiresAt')}
            />
            {user ? null : (
              <PasswordInput
                label={t('postavke.users.password')} withAsterisk autoComplete="new-password"
                description={t('postavke.users.passwordHint', { min: MIN_PASSWORD_LENGTH })}
                visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
                value={fields.password} onChange={(event) => set('password')(event.currentTarget.value)} {...input('password')}
              />
            )}
          </SimpleGrid>
          <Switch
            label={t('postavke.users.mikrobiologija')} description={t('postavke.users.mikrobiologijaHint')}
            checked={fields.mikrobiologija} onChange={(event) => set('mikrobiologija')(event.currentTarget.checked)}
          />
          <FormFooter form={form} onCancel={onClose} />
        </Stack>
      </form>
    </AppDialog>
  );
}
