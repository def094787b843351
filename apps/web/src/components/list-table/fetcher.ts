/**
 * How a list table loads a page. By default through the app's API client
 * (token, site, errors and the 401 redirect handled there); tests and
 * special screens provide their own with <ListFetcherContext value={...}>.
 */
import { createContext, useContext } from 'react';
import type { z } from 'zod';
import type { CallSpec, ListAnswer } from '@lis/domain';
import { call } from '../../api/client.ts';

/** A list call's contract: a GET whose query is the list query and whose answer is `{ success, data, pagination }`. */
export type ListCall = CallSpec & { method: 'GET' };

export type ListFetcher = (list: ListCall, params: URLSearchParams, signal?: AbortSignal) => Promise<ListAnswer<unknown>>;

/** Every list contract answers JSON `{ data, pagination }` (the list contracts in @lis/domain), never a file. */
export const apiListFetcher: ListFetcher = async (list, params, signal) =>
  (await call(list as CallSpec & { querystring: z.ZodType }, { query: params }, { signal })) as unknown as ListAnswer<unknown>;

export const ListFetcherContext = createContext<ListFetcher>(apiListFetcher);

export function useListFetcher(): ListFetcher {
  return useContext(ListFetcherContext);
}
