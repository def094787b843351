// File sizes as people read them, for every upload and attachment (chat files, the Excel import).

/** The units a file size is written in, from Bytes to YB (the spec's range), 1024 apart. */
export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A size in the largest unit that keeps it at 1 or more, with up to two decimals and no trailing zeros:
 * 0 → '0 Bytes', 1536 → '1.5 KB', 5 * 1024² → '5 MB'. `decimalMark` is ',' for Bosnian and German.
 */
export function formatFileSize(bytes: number, decimalMark: '.' | ',' = '.'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), FILE_SIZE_UNITS.length - 1);
  const value = Number((bytes / 1024 ** unit).toFixed(2));
  return `${String(value).replace('.', decimalMark)} ${FILE_SIZE_UNITS[unit]}`;
}
