/** Where the server's API lives: every call contract's path is relative to it. */
export const API_BASE = '/api';

/** The address of a contract's path (parameters already filled in). */
export function apiAddress(path: string): string {
  return `${API_BASE}${path}`;
}
