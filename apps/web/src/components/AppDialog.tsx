/**
 * The dialog every screen uses: opens and closes in 500 ms,
 * Escape closes it, a click on the backdrop closes it unless `force` is set
 * (for dialogs that must be answered). Below 800 px it fills the screen.
 * From 1000 px on, a dialog with a title offers its wide-screen version: a
 * toggle beside the title widens it to most of the window (tables, reports
 * and long lists side by side) and back; below 1000 px the toggle is gone and
 * the dialog keeps its own width.
 *
 *   <AppDialog opened={opened} onClose={close} title={t('...')}>...</AppDialog>
 */
import { useState } from 'react';
import { ActionIcon, Group, Modal, Tooltip, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsDiagonal, IconArrowsDiagonalMinimize2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DIALOG_TRANSITION_MS } from './dialog-timing.ts';

export { DIALOG_TRANSITION_MS };
export const DIALOG_NARROW_QUERY = '(max-width: 799.98px)';
/** Where the wide-screen version of a dialog is offered (the spec's 1000 px breakpoint). */
export const DIALOG_WIDE_QUERY = '(min-width: 1000px)';
/** The wide version's width: most of the window, leaving the backdrop visible around it. */
export const DIALOG_WIDE_SIZE = 'calc(100vw - 96px)';

export interface AppDialogProps extends Omit<ModalProps, 'closeOnClickOutside' | 'closeOnEscape'> {
  /** The backdrop does not close the dialog; Escape and the close button still do. */
  force?: boolean;
  /** Offer the wide-screen toggle from 1000 px on (default true; a small confirmation may turn it off). */
  wideToggle?: boolean;
}

export function AppDialog({
  force = false,
  wideToggle = true,
  transitionProps,
  closeButtonProps,
  title,
  size,
  children,
  withCloseButton = true,
  withOverlay = true,
  overlayProps,
  radius,
  opened,
  ...props
}: AppDialogProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(DIALOG_NARROW_QUERY) ?? false;
  const wideScreen = useMediaQuery(DIALOG_WIDE_QUERY) ?? false;
  const [wide, setWide] = useState(false);
  const hasTitle = title !== undefined && title !== null && title !== false && title !== '';
  const offersWide = wideToggle && wideScreen && !narrow && hasTitle;
  const shownWide = offersWide && wide;
  const toggleLabel = shownWide ? t('common.dialogNarrow') : t('common.dialogWide');
  // Built from Modal's parts rather than <Modal title>: the dialog's accessible name is its title
  // element alone, so the wide-screen toggle beside the title must not sit inside it.
  return (
    <Modal.Root
      centered
      fullScreen={narrow}
      closeOnEscape
      closeOnClickOutside={!force}
      transitionProps={{ duration: DIALOG_TRANSITION_MS, ...transitionProps }}
      size={shownWide ? DIALOG_WIDE_SIZE : size}
      radius={radius}
      opened={opened}
      data-wide={shownWide || undefined}
      {...props}
    >
      {withOverlay && <Modal.Overlay {...overlayProps} />}
      <Modal.Content radius={radius}>
        {(hasTitle || withCloseButton) && (
          <Modal.Header>
            {hasTitle && (
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Modal.Title>{title}</Modal.Title>
                {offersWide && (
                  <Tooltip label={toggleLabel} openDelay={300}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={toggleLabel}
                      aria-pressed={shownWide}
                      onClick={() => setWide((current) => !current)}
                    >
                      {shownWide ? <IconArrowsDiagonalMinimize2 size={16} aria-hidden /> : <IconArrowsDiagonal size={16} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            )}
            {withCloseButton && <Modal.CloseButton aria-label={t('common.closeDialog')} {...closeButtonProps} />}
          </Modal.Header>
        )}
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
