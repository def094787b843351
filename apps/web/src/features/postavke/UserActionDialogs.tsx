/**
 * The row actions of a user that ask first: 'Onemogući' / 'Omogući' (a
 * disabled user's sessions end at once, over the socket too) and setting a
 * new password, which the user must change at the next sign-in.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH, type UserRecord, initialPasswordSchema } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { serverMessage, useLanguage, messageText } from '../../i18n/index.ts';
import { resetUserPassword, setUserDisabled } from './api.ts';
import { schemaProblems } from './form-problems.ts';
import { FormFooter } from './settings-form.tsx';
import { useCommonPasswordList } from '../../lib/common-passwords.ts';

interface ActionDialogProps {
  user: UserRecord | null;
  onClose: () => void;
  onDone: () => void;
}

const nameOf = (user: UserRecord) => `${user.ime} ${user.prezime}`.trim() || user.email;

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? serverMessage(error) : fallback;
}

/** Disables an enabled user (after asking), or enables a disabled one. */
export function DisableUserDialog({ user, onClose, onDone }: ActionDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setFailure(null), [user]);
  const disabling = user ? !user.disabled : true;

  const confirm = async () => {
    if (!user || busy) return;
    setBusy(true);
    try {
      await setUserDisabled(user._id, disabling);
      notify.success(messageText(disabling ? 'settings.userDisabled' : 'settings.userEnabled'));
      onDone();
    } catch (error) {
      setFailure(failureText(error, t('errors.unexpected')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog
      opened={user !== null} onClose={onClose} size="md"
      title={disabling ? t('postavke.users.disableTitle') : (user ? `${t('postavke.users.enable')}: ${nameOf(user)}` : '')}
    >
      <Stack gap="md">
        {user && disabling ? <Text size="sm">{t('postavke.users.disableText', { name: nameOf(user) })}</Text> : null}
        {failure ? <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{failure}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button color={disabling ? 'red' : 'teal'} loading={busy} onClick={() => void confirm()} data-autofocus>
            {disabling ? t('postavke.users.disable') : t('postavke.users.enable')}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}

/** An administrator sets a new password; the user's sessions end and the user must change it at the next sign-in. */
export function ResetPasswordDialog({ user, onClose, onDone }: ActionDialogProps) {
  useCommonPasswordList();
  const { t } = useTranslation();
  const language = useLanguage();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setPassword('');
    setProblem(null);
  }, [user]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!user || busy) return;
    const found = schemaProblems(initialPasswordSchema.safeParse(password), language, () => t('postavke.users.newPassword'));
    const first = Object.values(found)[0];
    if (first) {
      setProblem(first);
      return;
    }
    setBusy(true);
    try {
      await resetUserPassword(user._id, password);
      notify.success(messageText('settings.passwordReset'));
      onDone();
    } catch (error) {
      setProblem(failureText(error, t('errors.unexpected')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog opened={user !== null} onClose={onClose} title={user ? t('postavke.users.resetTitle', { name: nameOf(user) }) : ''} size="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('postavke.users.resetText')}</Text>
          <PasswordInput
            label={t('postavke.users.newPassword')} withAsterisk autoComplete="new-password" data-autofocus
            description={t('postavke.users.passwordHint', { min: MIN_PASSWORD_LENGTH })}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
            value={password} onChange={(event) => { setPassword(event.currentTarget.value); setProblem(null); }}
            error={problem ?? undefined}
          />
          <FormFooter form={{ problems: {}, failure: null, busy }} onCancel={onClose} />
        </Stack>
      </form>
    </AppDialog>
  );
}
