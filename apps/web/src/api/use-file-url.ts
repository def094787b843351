/**
 * A server file (a label, a report) as an object URL to show in an iframe or
 * open in a tab: fetched through the API client (with the session token) when
 * `file` is set or its key changes, revoked when it changes or the component
 * goes away.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from './client.ts';

/** Which file (the key says when it is another one) and how to fetch it, e.g. `(signal) => call(labelContracts.pdf, …, { signal })`. */
export interface FileRequest {
  key: string;
  load: (signal: AbortSignal) => Promise<Blob>;
}

export type FileUrlState = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; url: string; blob: Blob } | { state: 'failed'; error: ApiError | null };

export function useFileUrl(file: FileRequest | null): FileUrlState {
  const [state, setState] = useState<FileUrlState>({ state: file ? 'loading' : 'idle' });
  const load = useRef(file?.load);
  load.current = file?.load;
  const key = file?.key ?? null;
  useEffect(() => {
    const fetchFile = load.current;
    if (key === null || !fetchFile) {
      setState({ state: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setState({ state: 'loading' });
    fetchFile(controller.signal).then((blob) => {
      url = URL.createObjectURL(blob);
      setState({ state: 'ready', url, blob });
    }, (error: unknown) => {
      if (controller.signal.aborted) return;
      setState({ state: 'failed', error: error instanceof ApiError ? error : null });
    });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [key]);
  return state;
}
