/**
 * The dialog every screen uses: opens and closes in 500 ms,
 * Escape closes it, a click on the backdrop closes it unless `force` is set
 * (for dialogs that must be answered). Below 800 px it fills the screen.
 *
 *   <AppDialog opened={opened} onClose={close} title={t('...')}>...</AppDialog>
 */
import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export const DIALOG_TRANSITION_MS = 500;
export const DIALOG_NARROW_QUERY = '(max-width: 799.98px)';

export interface AppDialogProps extends Omit<ModalProps, 'closeOnClickOutside' | 'closeOnEscape'> {
  /** The backdrop does not close the dialog; Escape and the close button still do. */
  force?: boolean;
}

export function AppDialog({ force = false, transitionProps, closeButtonProps, ...props }: AppDialogProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(DIALOG_NARROW_QUERY) ?? false;
  return (
    <Modal
      centered
      fullScreen={narrow}
      closeOnEscape
      closeOnClickOutside={!force}
      transitionProps={{ duration: DIALOG_TRANSITION_MS, ...transitionProps }}
      closeButtonProps={{ 'aria-label': t('common.closeDialog'), ...closeButtonProps }}
      {...props}
    />
  );
}
