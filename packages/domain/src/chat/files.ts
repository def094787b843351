/**
 * What the staff chat accepts as attachments, and how file sizes are written.
 *
 * A chat file is an image (PNG, JPEG, GIF, WebP) or a PDF: what staff share
 * about work (a photo of a tube or a screen, a document). Nothing a browser
 * could run (HTML, SVG, scripts) is ever taken. The upload is filtered by the
 * file name's extension, case-insensitively (the spec's upload rule), and the
 * server also reads the first bytes, so a renamed file of another kind is
 * refused all the same: the type it is served with is the one its bytes prove.
 */

export const CHAT_FILE_TYPES = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
} as const satisfies Record<string, readonly string[]>;
export type ChatFileType = keyof typeof CHAT_FILE_TYPES;
export const CHAT_FILE_TYPE_LIST = Object.keys(CHAT_FILE_TYPES) as [ChatFileType, ...ChatFileType[]];

/** The file input's `accept`: every allowed extension with its dot. */
export const CHAT_FILE_ACCEPT = Object.values(CHAT_FILE_TYPES).flat().map((extension) => `.${extension}`).join(',');

/** The type a file name's extension stands for (case-insensitive); null for any other extension or none. */
export function chatFileTypeOfName(name: string): ChatFileType | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  for (const type of CHAT_FILE_TYPE_LIST) {
    if ((CHAT_FILE_TYPES[type] as readonly string[]).includes(extension)) return type;
  }
  return null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The type the file's first bytes prove (its magic number); null when they are none of the allowed types. */
export function chatFileTypeOfBytes(bytes: Uint8Array): ChatFileType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

export function isChatImage(type: string): boolean {
  return type.startsWith('image/');
}

/** The largest file the lab may allow in its settings, and the default when it set none (megabytes). */
export const CHAT_MAX_FILE_MB_LIMIT = 10;
export const DEFAULT_CHAT_MAX_FILE_MB = 5;
/** Files one message carries at most. */
export const CHAT_MAX_FILES = 4;
/** A message's text at most (characters). */
export const CHAT_MAX_TEXT = 4000;

export const BYTES_PER_MB = 1024 * 1024;

