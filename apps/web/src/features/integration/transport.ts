import type { TFunction } from 'i18next';
import type { AnalyserAnswer } from '@lis/domain';

/** How the LIS reaches the analyser, in words (the port listened on, when the system chose it). */
export function transportText(t: TFunction, row: AnalyserAnswer): string {
  return row.transport.mode === 'listen'
    ? t('integration.listen', { port: row.veza.port ?? row.transport.port })
    : t('integration.connect', { host: row.transport.host, port: row.transport.port });
}
