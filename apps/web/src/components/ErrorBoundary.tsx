/**
 * Catches a render error of one screen so the shell (menu, top bar) stays
 * usable. The shell wraps every route in one, keyed by the path, so moving to
 * another screen recovers. Wrap a risky widget the same way:
 *
 *   <ErrorBoundary><Chart .../></ErrorBoundary>
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Shown instead of the default message. */
  fallback?: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ?? <ScreenFailed />;
  }
}

export function ScreenFailed() {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={t('errors.screenFailed')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('errors.unexpected')}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Alert>
  );
}
