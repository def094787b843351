import { afterEach, describe, expect, it } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { EmailText, emailParts } from './EmailText.tsx';

afterEach(cleanup);

describe('emailParts', () => {
  it('cuts before the @ and before each dot of the domain, never inside a word', () => {
    expect(emailParts('specijalista@demo.lab')).toEqual(['specijalista', '@demo', '.lab']);
    expect(emailParts('ana.hodzic@lab.example.ba')).toEqual(['ana.hodzic', '@lab', '.example', '.ba']);
  });

  it('leaves a text without an address part as it is', () => {
    expect(emailParts('nije-adresa')).toEqual(['nije-adresa']);
    expect(emailParts('@demo.lab')).toEqual(['@demo.lab']);
  });
});

describe('EmailText', () => {
  it('reads as the whole address, with wrap points only between its parts', () => {
    const { container } = render(<MantineProvider><EmailText email="specijalista@demo.lab" /></MantineProvider>);
    expect(screen.getByText('specijalista@demo.lab')).toBeInTheDocument();
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
    expect(screen.getByText('specijalista@demo.lab')).toHaveStyle({ overflowWrap: 'break-word' });
  });
});
