/**
 * The HTTP side of a list call: the route handler that turns a validated list
 * query into the `ListRequest` a repository runs (site, its time zone, page
 * links, the caller's access level) and answers `{ success: true, data,
 * pagination }` with instants as ISO text. The SQL side is db/list-query.ts.
 */
import type { ListAnswer, ListQuery } from '@lis/domain';
import type { Db } from '../db/client.ts';
import type { ListRequest } from '../db/list-query.ts';
import { siteTimeZone } from '../modules/sites/service.ts';

/** The call's own path and parameters, without the token (answers never echo it) and without page. */
export function listBaseUrl(requestUrl: string): string {
  const url = new URL(requestUrl, 'http://list.invalid');
  url.searchParams.delete('token');
  url.searchParams.delete('page');
  const search = url.searchParams.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** A row as JSON carries it: instants (Date) become ISO strings, as the list contracts in @lis/domain describe them. */
export type AnswerRow<Row> = { [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K] };

function answerRow<Row extends object>(row: Row): AnswerRow<Row> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value])) as AnswerRow<Row>;
}

/** What a list handler reads of the request: the list query its route schema validated (plus the list's own parameters). */
export interface ListCall<Query extends ListQuery> {
  query: Query;
  url: string;
  ctx: { siteId: string; accessLevel: number; language: string };
}

/**
 * A list route's handler. The route's querystring schema (the list query
 * contract, extended with the list's own parameters) has validated the query;
 * it answers `{ success: true, data, pagination }` from `load`.
 */
export function listRoute<Row extends object, Query extends ListQuery = ListQuery>(
  db: Db,
  load: (list: ListRequest<Query>) => Promise<ListAnswer<Row>>,
): (request: ListCall<Query>) => Promise<{ success: true } & ListAnswer<AnswerRow<Row>>> {
  return async (request) => {
    const answer = await load({
      query: request.query,
      extra: request.query,
      siteId: request.ctx.siteId,
      timeZone: await siteTimeZone(db, request.ctx.siteId),
      baseUrl: listBaseUrl(request.url),
      now: new Date(),
      accessLevel: request.ctx.accessLevel,
      language: request.ctx.language,
    });
    return { success: true, data: answer.data.map(answerRow), pagination: answer.pagination };
  };
}
