/**
 * A server file (a label, a report) as an object URL to show in an iframe or
 * open in a tab: fetched with the session token when `path` is set (or
 * changes), revoked when it changes or the component goes away.
 */
import { useEffect, useState } from 'react';
import { ApiError, apiFile } from './client.ts';

/** A file's path with its own query ('/nalazi/pdf/x?jezik=de') fetched through the API client. */
function fetchFile(path: string, signal: AbortSignal): Promise<Blob> {
  const [pathname = path, search = ''] = path.split('?');
  return apiFile(pathname, Object.fromEntries(new URLSearchParams(search)), { signal });
}

export type FileUrlState = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; url: string; blob: Blob } | { state: 'failed'; error: ApiError | null };

export function useFileUrl(path: string | null): FileUrlState {
  const [file, setFile] = useState<FileUrlState>({ state: path ? 'loading' : 'idle' });
  useEffect(() => {
    if (!path) {
      setFile({ state: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setFile({ state: 'loading' });
    fetchFile(path, controller.signal).then((blob) => {
      url = URL.createObjectURL(blob);
      setFile({ state: 'ready', url, blob });
    }, (error: unknown) => {
      if (controller.signal.aborted) return;
      setFile({ state: 'failed', error: error instanceof ApiError ? error : null });
    });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return file;
}
