/**
 * 'Promjena šifre' (and, with `initial`, the initial password change a user
 * must make at the first sign-in after an administrator set the password: it
 * cannot be dismissed, only completed or left by signing out): current, new and confirmed
 * password, pasting blocked, the rules of `validatePasswordChange` from
 * @lis/domain before the call, the server's answer after it (by its code: the
 * spec's 'Ok' and 'Info' are words for clients, not for people). Success shows
 * 'Izmjena uspješno obavljena.', clears the fields and closes the dialog.
 */
import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH, type MessageCode, validatePasswordChange, authContracts } from '@lis/domain';
import { ApiError, call } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { serverMessage, messageText } from '../../i18n/index.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { useCommonPasswordList } from '../../lib/common-passwords.ts';
import { useActiveSession } from './session.ts';

interface Fields {
  staraSifra: string;
  novaSifra: string;
  potvrdaSifra: string;
}

const EMPTY: Fields = { staraSifra: '', novaSifra: '', potvrdaSifra: '' };

interface Problem {
  text: string;
  fields: (keyof Fields)[];
}

function fieldsOf(code: string | undefined, values: Fields): (keyof Fields)[] {
  switch (code) {
    case 'password.required':
      return (Object.keys(values) as (keyof Fields)[]).filter((key) => values[key].trim() === '');
    case 'password.invalid':
    case 'password.tooShort':
    case 'password.tooLong':
    case 'password.common':
    case 'password.unchanged':
      return ['novaSifra'];
    case 'password.mismatch':
      return ['potvrdaSifra'];
    case 'password.wrongCurrent':
      return ['staraSifra'];
    default:
      return [];
  }
}

const blockPaste = (event: React.ClipboardEvent | React.DragEvent) => event.preventDefault();

export interface ChangePasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The initial password change: no cancel, no close; sign-out instead. */
  initial?: { onLogout: () => void };
}

export function ChangePasswordDialog({ opened, onClose, initial }: ChangePasswordDialogProps) {
  useCommonPasswordList();
  const { t } = useTranslation();
  const session = useActiveSession();
  const [values, setValues] = useState<Fields>(EMPTY);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setValues(EMPTY);
    setProblem(null);
    onClose();
  };

  const change = (key: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [key]: value }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const code: MessageCode | null = validatePasswordChange(values);
    if (code) {
      setProblem({ text: messageText(code), fields: fieldsOf(code, values) });
      return;
    }
    setBusy(true);
    try {
      const answer = await call(authContracts.changePassword, { body: {
        email: session.user.email,
        password: values.staraSifra,
        novaSifra: values.novaSifra,
        potvrdaSifra: values.potvrdaSifra,
      } });
      // The call answers the spec's words ('Ok', 'Info') in `message`; what a person reads is the code's text.
      notify.success(messageText(answer.code));
      sessionStore.passwordChanged();
      close();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setProblem({
        text: apiError ? (apiError.code === 'password.wrongCurrent' ? messageText(apiError.code) : serverMessage(apiError)) : t('errors.unexpected'),
        fields: fieldsOf(apiError?.code, values),
      });
    } finally {
      setBusy(false);
    }
  };

  const invalid = (key: keyof Fields) => problem?.fields.includes(key) ?? false;
  const inputProps = (key: keyof Fields) => ({
    label: t(`password.${key}`),
    value: values[key],
    onChange: change(key),
    onPaste: blockPaste,
    onDrop: blockPaste,
    error: invalid(key),
    'aria-invalid': invalid(key),
    withAsterisk: true,
    visibilityToggleButtonProps: { 'aria-label': t('auth.togglePassword') },
  });

  return (
    <AppDialog
      opened={opened}
      onClose={initial ? () => undefined : close}
      title={initial ? t('password.initialTitle') : t('password.title')}
      force={initial !== undefined}
      withCloseButton={initial === undefined}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {initial ? <Text size="sm">{t('password.initialHint')}</Text> : null}
          <PasswordInput {...inputProps('staraSifra')} autoComplete="current-password" data-autofocus />
          <PasswordInput {...inputProps('novaSifra')} autoComplete="new-password" />
          <PasswordInput {...inputProps('potvrdaSifra')} autoComplete="new-password" />
          <Text size="xs" c="dimmed">{t('password.rule', { min: MIN_PASSWORD_LENGTH })}</Text>
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{problem.text}</Alert>
          ) : null}
          <Group justify="flex-end">
            {initial
              ? <Button variant="default" onClick={initial.onLogout}>{t('shell.logout')}</Button>
              : <Button variant="default" onClick={close}>{t('common.cancel')}</Button>}
            <Button type="submit" loading={busy}>{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
