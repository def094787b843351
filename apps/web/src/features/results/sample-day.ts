/**
 * The day of the route's `?date=` parameter (the day the processing list was
 * showing), as YYYY-MM-DD: the day whose other samples of the patient the
 * multi-sample save offers. Links write it as YYYY-MM-DD; the spec's own
 * dd.mm.yyyy and dd-mm-yyyy are read too. Without a readable date it is the
 * day the sample was registered, at the site.
 */
import { type CalendarDate, fromIsoDate, isRealDate, toIsoDate } from '@lis/domain';
import { siteToday } from '../../lib/date-time.ts';

const DAY_FIRST = /^(\d{1,2})[.-](\d{1,2})[.-](\d{4})\.?$/;

export function parseRouteDate(text: string | null): CalendarDate | null {
  if (!text) return null;
  const iso = fromIsoDate(text.trim());
  if (iso) return iso;
  const match = DAY_FIRST.exec(text.trim());
  if (!match) return null;
  const date = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

export function sampleDay(routeDate: string | null, createdAt: string): string {
  return toIsoDate(parseRouteDate(routeDate) ?? siteToday(new Date(createdAt)));
}

/** The result entry route of a sample, for links from other screens. */
export function resultEntryPath(patientId: string, sampleId: string, day?: CalendarDate): string {
  const path = `/obrada/rezultati/${encodeURIComponent(patientId)}/${encodeURIComponent(sampleId)}`;
  return day ? `${path}?date=${toIsoDate(day)}` : path;
}
