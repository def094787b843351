import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH, setCommonPasswords } from './password.ts';

/**
 * The common passwords of the password rule: zxcvbn-ts's list (about 49,000, from published breach corpora; MIT),
 * shipped with the app so the check needs no network. Only those long enough to pass the length rule can matter.
 * Importing this module hands them to `isCommonPassword` (password.ts); it is its own entry point
 * ('@lis/domain/common-passwords'), outside the package's index, so the browser loads it only with a password form.
 */
setCommonPasswords(new Set(
  dictionary['passwords-common'].filter((entry) => entry.length >= MIN_PASSWORD_LENGTH).map((entry) => entry.toLowerCase()),
));
