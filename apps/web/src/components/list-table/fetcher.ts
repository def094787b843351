/**
 * How a list table loads a page. By default through the app's API client
 * (token, site, errors and the 401 redirect handled there); tests and
 * special screens provide their own with <ListFetcherContext value={...}>.
 */
import { createContext, useContext } from 'react';
import type { ListAnswer } from '@lis/domain';
import { api } from '../../api/client.ts';

/** `url` is the list call's path without '/api' (e.g. '/uzorci/list'); the answer is `{ data, pagination }`. */
export type ListFetcher = (url: string, params: URLSearchParams, signal?: AbortSignal) => Promise<ListAnswer<unknown>>;

export const apiListFetcher: ListFetcher = (url, params, signal) =>
  api.get<ListAnswer<unknown>>(url, params, { signal });

export const ListFetcherContext = createContext<ListFetcher>(apiListFetcher);

export function useListFetcher(): ListFetcher {
  return useContext(ListFetcherContext);
}
