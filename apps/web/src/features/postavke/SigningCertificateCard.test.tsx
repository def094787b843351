import { afterEach, describe, expect, it } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { SigningCertificate } from '@lis/domain';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../api/query-client.ts';
import { settingsKeys } from './api.ts';
import { SigningCertificateCard } from './SigningCertificateCard.tsx';

afterEach(cleanup);

const CERTIFICATE: SigningCertificate = {
  subject: 'CN=Laboratorija (self-signed)', issuer: 'CN=Laboratorija (self-signed)',
  valid_from: '2026-01-01T00:00:00.000Z', valid_to: '2036-01-01T00:00:00.000Z',
  fingerprint: 'AB:CD', self_signed: true, source: 'self-signed',
  verification_address: 'https://lab.example.ba/provjera/', verification_qr_readable: true,
};

/** The card with the server's answer already there (no call goes out). */
function renderWith(certificate: SigningCertificate) {
  const queryClient = createQueryClient();
  queryClient.setQueryDefaults(settingsKeys.signing, { staleTime: Infinity });
  queryClient.setQueryData(settingsKeys.signing, certificate);
  render(<AppProviders queryClient={queryClient} env="test"><SigningCertificateCard /></AppProviders>);
}

describe('SigningCertificateCard', () => {
  it("shows where the reports' QR codes lead, without a warning while the address is short enough", () => {
    renderWith(CERTIFICATE);
    expect(screen.getByTestId('verification-address')).toHaveTextContent('https://lab.example.ba/provjera/');
    expect(screen.queryByTestId('long-address-warning')).not.toBeInTheDocument();
  });

  it('warns when the address is too long for a QR code that reads when printed', () => {
    renderWith({ ...CERTIFICATE, verification_address: 'https://nalazi.laboratorij-kantonalne-bolnice-zenica.ba/provjera/', verification_qr_readable: false });
    expect(screen.getByTestId('long-address-warning')).toHaveTextContent('Adresa provjere je preduga');
    expect(screen.getByTestId('long-address-warning')).toHaveTextContent('PUBLIC_URL');
  });
});
