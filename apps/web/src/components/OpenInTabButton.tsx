/**
 * 'Open in a new tab' for a file shown through an object URL (a label, a
 * report): a link styled as a button, unavailable until the file is loaded.
 */
import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { FileUrlState } from '../api/use-file-url.ts';

export function OpenInTabButton({ file, label }: { file: FileUrlState; label: string }) {
  const ready = file.state === 'ready';
  return (
    <Button
      component="a"
      href={ready ? file.url : undefined}
      target="_blank"
      rel="noopener"
      variant="light"
      leftSection={<IconExternalLink size={16} aria-hidden />}
      data-disabled={!ready || undefined}
      aria-disabled={!ready || undefined}
      onClick={(event: React.MouseEvent) => {
        if (!ready) event.preventDefault();
      }}
    >
      {label}
    </Button>
  );
}
