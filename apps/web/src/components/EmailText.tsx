/**
 * An e-mail address in a narrow place (a table cell, a phone screen): it may
 * wrap only where a reader expects it, before the '@' and before each dot of
 * the domain ('tehnicar' / '@demo' / '.lab'), never in the middle of a word.
 * overflow-wrap: break-word (not 'anywhere') keeps a table column at least as
 * wide as the longest of those parts, so the table does not squeeze it into
 * letters; only a part wider than the whole screen is still broken.
 */
import { Fragment } from 'react';
import { Text, type TextProps } from '@mantine/core';

/** The address cut where it may wrap: before '@' and before each '.' after it. */
export function emailParts(address: string): string[] {
  const at = address.indexOf('@');
  if (at <= 0) return [address];
  const domain = address.slice(at).split(/(?=\.)/);
  return [address.slice(0, at), ...domain];
}

export function EmailText({ email, ...props }: { email: string } & TextProps) {
  return (
    <Text span size="sm" {...props} style={{ overflowWrap: 'break-word' }}>
      {emailParts(email).map((part, index) => (
        <Fragment key={index}>{index > 0 ? <wbr /> : null}{part}</Fragment>
      ))}
    </Text>
  );
}
