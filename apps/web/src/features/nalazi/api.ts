/**
 * The calls of the result reports (/nalazi/pregled), typed by their contracts
 * in @lis/domain (reports/contracts.ts): the list, a report's versions, its
 * PDF as a file (fetched with the token, shown through an object URL) and the
 * withdrawal from the list.
 */
import { REPORT_ROUTE_SUFFIX, type ReportJezik, type ReportListRow, type ReportVersionsAnswer, nalaziContracts } from '@lis/domain';
import { call } from '../../api/client.ts';
import type { FileRequest } from '../../api/use-file-url.ts';

export type { ReportJezik, ReportListRow, ReportVersion, ReportVersionsAnswer } from '@lis/domain';

export const REPORT_LIST = nalaziContracts.list;
export const REPORT_LIST_PATH = '/nalazi/pregled';

export const reportKeys = {
  versions: (sid: string) => ['nalazi', 'versions', sid] as const,
};

/** The report view of a sample in a language: /nalazi/pregled/{id}, /nalazi/pregled/{id}_German ... */
export function reportViewPath(sid: string, jezik: ReportJezik = 'bs'): string {
  return `${REPORT_LIST_PATH}/${encodeURIComponent(sid)}${REPORT_ROUTE_SUFFIX[jezik]}`;
}

/** The query of a report's PDF: the latest version and the version's first language unless named. */
function reportPdfQuery(options: { jezik?: ReportJezik; verzija?: number }): Record<string, string> {
  return {
    ...(options.jezik ? { jezik: options.jezik } : {}),
    ...(options.verzija === undefined ? {} : { verzija: String(options.verzija) }),
  };
}

/** The path of a report's PDF with its query (without '/api'). */
/** The report's PDF (a version, a language) for useFileUrl. */
export function reportPdfFile(sid: string, options: { jezik?: ReportJezik; verzija?: number } = {}): FileRequest {
  const query = reportPdfQuery(options);
  return {
    key: `${sid}?${new URLSearchParams(query).toString()}`,
    load: (signal) => call(nalaziContracts.pdf, { params: { sid }, query }, { signal }),
  };
}

export function reportVersions(sid: string, signal?: AbortSignal): Promise<ReportVersionsAnswer> {
  return call(nalaziContracts.versions, { params: { sid } }, { signal });
}

/** Issues a verified version in one more language, from the content frozen when it was issued. */
export function addReportLanguage(sid: string, verzija: number, jezik: ReportJezik) {
  return call(nalaziContracts.addLanguage, { body: { idNalaza: sid, verzija, jezik } });
}

/** Queues the version (every language it has) for the patient's e-mail address, through the outbox. */
export function sendReport(sid: string, verzija: number) {
  return call(nalaziContracts.send, { body: { idNalaza: sid, verzija } });
}

/** POST /api/nalazi/delete with the spec's payload: takes the report off the list; its versions stay stored. */
export async function withdrawReport(row: Pick<ReportListRow, '_id' | 'status' | 'final_pdf'>, email: string): Promise<void> {
  await call(nalaziContracts.delete, { body: { email, status: row.status, idNalaza: row._id, flag: row.final_pdf } });
}

/** How long an opened report's object URL lives: long enough for the tab to load it. */
const OPENED_URL_LIFETIME_MS = 60_000;

/**
 * Opens a report's PDF in a new browser tab. The tab is opened before the
 * file is fetched (a tab opened after waiting is taken for a pop-up and
 * blocked), then shown the file through an object URL. Answers false when the
 * browser refused the tab.
 */
export async function openReportPdf(sid: string, options: { jezik?: ReportJezik; verzija?: number } = {}): Promise<boolean> {
  const tab = window.open('', '_blank');
  try {
    const blob = await call(nalaziContracts.pdf, { params: { sid }, query: reportPdfQuery(options) });
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), OPENED_URL_LIFETIME_MS);
    return tab !== null;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
