import { useEffect } from 'react';

/**
 * Loads the password rule's common-password list (about 200 kB) when a form that sets a password mounts, instead
 * of with the app: the rule checks it once it is there, and the server refuses a common password in any case.
 */
export function useCommonPasswordList(): void {
  useEffect(() => {
    // A failed load (offline for a moment) only leaves the check to the server.
    import('@lis/domain/common-passwords').catch(() => undefined);
  }, []);
}
