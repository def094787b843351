import { X509Certificate, createHash, createPrivateKey, generateKeyPairSync, privateEncrypt, randomBytes, constants, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';

/**
 * The lab's digital signature on the PDFs it issues: a PAdES-compatible signature (sub-filter
 * ETSI.CAdES.detached, SHA-256, RSA) made with the lab's certificate, read from a PKCS#12 file. The CMS
 * structure is node-forge's (through @signpdf), the placeholder and byte ranges @signpdf's. The RSA
 * operation itself runs in Node's OpenSSL rather than forge's JavaScript, and the PKCS#12 is opened once:
 * a report is signed in milliseconds, not the half second forge's own key would take.
 */

/** What the settings screen and the verification page may say about the certificate: never the key. */
export interface CertificateSummary {
  subject: string;
  issuer: string;
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
  /** The SHA-256 fingerprint of the certificate (DER), hex with colons. */
  fingerprint256: string;
  selfSigned: boolean;
}

export interface PdfSigner {
  readonly certificate: CertificateSummary;
  /** The PDF with the lab's signature, dated `signingTime`. */
  sign(pdf: Buffer, signingTime: Date): Promise<Buffer>;
}

/** The DER prefix of a SHA-256 DigestInfo (RFC 8017, 9.2 note 1): what PKCS#1 v1.5 signs. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** Room for the CMS in the file: a 4096-bit certificate chain of three fits in 8 KB with space to spare. */
const SIGNATURE_LENGTH = 8192;

/** An object identifier forge knows by name (its table is typed as possibly missing). */
function oid(name: string): string {
  const value = forge.pki.oids[name];
  if (!value) throw new Error(`node-forge knows no OID named ${name}`);
  return value;
}

class LabCmsSigner extends Signer {
  constructor(private readonly key: KeyObject, private readonly signerCertificate: forge.pki.Certificate, private readonly chain: forge.pki.Certificate[]) {
    super();
  }

  override sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const certificate of this.chain) p7.addCertificate(certificate);
    const key = this.key;
    p7.addSigner({
      // forge asks its key for a PKCS#1 v1.5 signature of the attributes' digest: OpenSSL makes it.
      key: {
        sign: (md: forge.md.MessageDigest) => {
          const digest = Buffer.from(md.digest().getBytes(), 'binary');
          const signature = privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, digest]));
          return signature.toString('binary');
        },
      } as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.signerCertificate,
      digestAlgorithm: oid('sha256'),
      // The order matters to the EU's DSS validator (as @signpdf/signer-p12 keeps it).
      authenticatedAttributes: [
        { type: oid('contentType'), value: oid('data') },
        // forge writes a Date as UTCTime (its typings say string).
        { type: oid('signingTime'), value: (signingTime ?? new Date()) as unknown as string },
        { type: oid('messageDigest') },
      ],
    });
    p7.sign({ detached: true });
    return Promise.resolve(Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary'));
  }
}

function summary(certificate: forge.pki.Certificate): CertificateSummary {
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  const x509 = new X509Certificate(der);
  return {
    subject: x509.subject.split('\n').join(', '),
    issuer: x509.issuer.split('\n').join(', '),
    serialNumber: x509.serialNumber,
    validFrom: new Date(x509.validFrom),
    validTo: new Date(x509.validTo),
    fingerprint256: x509.fingerprint256,
    selfSigned: x509.subject === x509.issuer && x509.verify(x509.publicKey),
  };
}

/** A PKCS#12 file that cannot be used: wrong password, no key, no certificate of that key. */
export class SigningIdentityError extends Error {}

/**
 * Opens a PKCS#12 file (its password `password`) as the lab's signer: its private key (RSA) and the
 * certificate of that key, with any other certificates in the file (the chain) sent along in the signature.
 */
export function openPdfSigner(p12: Buffer, password: string): PdfSigner {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, password);
  } catch {
    throw new SigningIdentityError('the PKCS#12 file cannot be opened with this password');
  }
  const bags = (type: string): forge.pkcs12.Bag[] => parsed.getBags({ bagType: oid(type) })[oid(type)] ?? [];
  const keyBag = [...bags('pkcs8ShroudedKeyBag'), ...bags('keyBag')].find((bag) => bag.key);
  const certificates = bags('certBag')
    .map((bag) => bag.cert).filter((cert): cert is forge.pki.Certificate => Boolean(cert));
  const forgeKey = keyBag?.key;
  if (!forgeKey || !('n' in forgeKey)) throw new SigningIdentityError('the PKCS#12 file holds no RSA private key');
  const own = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return 'n' in publicKey && publicKey.n.compareTo(forgeKey.n) === 0 && publicKey.e.compareTo(forgeKey.e) === 0;
  });
  if (!own) throw new SigningIdentityError('the PKCS#12 file holds no certificate of its private key');
  const key = createPrivateKey(forge.pki.privateKeyToPem(forgeKey));
  const cms = new LabCmsSigner(key, own, certificates);
  const certificate = summary(own);
  const signpdf = new SignPdf();
  return {
    certificate,
    async sign(pdf: Buffer, signingTime: Date): Promise<Buffer> {
      const prepared = plainAddPlaceholder({
        pdfBuffer: pdf, reason: 'Laboratory result report', contactInfo: '', name: certificate.subject, location: '',
        signingTime, signatureLength: SIGNATURE_LENGTH, subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      });
      return signpdf.sign(prepared, cms, signingTime);
    },
  };
}

/**
 * A self-signed certificate for a lab that has not installed its own: RSA 2048 (made by OpenSSL, quick),
 * valid ten years, `CN=<lab name>`, for signatures only. Answered as a PKCS#12 file with a random password.
 */
export function makeSelfSignedIdentity(labName: string, now = new Date()): { p12: Buffer; password: string } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial of 16 random bytes (the high bit cleared).
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  certificate.serialNumber = serial.toString('hex');
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365.25 * 86_400_000);
  const name = [
    { name: 'commonName', value: `${labName.trim() || 'LIS'} (self-signed)`.slice(0, 64) },
    { name: 'organizationName', value: (labName.trim() || 'LIS').slice(0, 64) },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const password = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, { algorithm: 'aes256', count: 2048 });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password };
}

/** SHA-256 of bytes, hex: what a report version stores and the verification page shows. */
export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
