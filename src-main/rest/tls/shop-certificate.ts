import { X509Certificate, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { dirname } from 'node:path';
import forge from 'node-forge';
import { createPrivateFile } from '../../db/private-files';
import { syncFile, syncFolder } from '../../db/durable-files';

/** SHA-256 of the certificate's DER as upper-case hex pairs joined by ':' (Node's `fingerprint256`). */
export type Fingerprint = string;

/** Pinned by the tills, not trusted through a CA: a renewal would only make every till pair again. */
const VALID_YEARS = 10;

export interface ShopCertificate {
  key: string;
  cert: string;
  fingerprint: Fingerprint;
}

export const shopKeyFile = (databaseFile: string) => `${databaseFile}.server-key.pem`;
export const shopCertFile = (databaseFile: string) => `${databaseFile}.server-cert.pem`;

/** Every name a till may use for this machine: its host name, `<host>.local`, localhost, each address. */
export function shopNames(): { dns: string[]; ips: string[] } {
  const host = hostname().toLowerCase();
  const dns = new Set(['localhost']);
  if (host) dns.add(host).add(host.endsWith('.local') ? host : `${host}.local`);
  const ips = new Set(['127.0.0.1', '::1']);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const { address } of addresses ?? []) ips.add(address);
  }
  return { dns: [...dns], ips: [...ips] };
}

/** A new RSA 2048 key (made by Node) and its self-signed certificate (made by node-forge). */
export function makeShopCertificate(now = new Date()): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
  // A positive serial (first bit clear), random so two shops' certificates never share one.
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  certificate.serialNumber = serial.toString('hex');
  // A day back, so a till whose clock is a little behind does not see a certificate from the future.
  certificate.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  certificate.validity.notAfter = new Date(now.getTime());
  certificate.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALID_YEARS);
  const subject = [
    { name: 'commonName', value: `Pet Store Clerk shop server ${hostname()}`.slice(0, 64) },
    { name: 'organizationName', value: 'Pet Store Clerk' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  const { dns, ips } = shopNames();
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [...dns.map((value) => ({ type: 2, value })), ...ips.map((ip) => ({ type: 7, ip }))] },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string), forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(certificate) };
}

/** Writes `text` to `path` whole or not at all (a temporary file renamed over it), private when asked. */
function writeAtomically(path: string, text: string, mode: 'private' | 'public'): void {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  if (mode === 'private') createPrivateFile(temporary);
  writeFileSync(temporary, text, { mode: 0o644 });
  syncFile(temporary);
  renameSync(temporary, path);
  syncFolder(dirname(path));
}

/** The key and certificate as found, checked to belong together; a clear error when they do not. */
function readShopCertificate(keyFile: string, certFile: string): ShopCertificate {
  try {
    const key = readFileSync(keyFile, 'utf8');
    const cert = readFileSync(certFile, 'utf8');
    const x509 = new X509Certificate(cert);
    if (!x509.checkPrivateKey(createPrivateKey(key))) throw new Error('the key is not the certificate\'s');
    return { key, cert, fingerprint: x509.fingerprint256 };
  } catch (error) {
    throw new Error(
      `The shop server's certificate (${certFile}) or key (${keyFile}) cannot be used: ${(error as Error).message}. ` +
        'Remove both to make a new one (every till then pairs again).',
      { cause: error },
    );
  }
}

/** The shop server's key and self-made certificate, made at first use and kept beside the database
 *  (`<db>.server-key.pem` private 0600, `<db>.server-cert.pem`). */
export function shopCertificate(databaseFile: string): ShopCertificate {
  const keyFile = shopKeyFile(databaseFile);
  const certFile = shopCertFile(databaseFile);
  // The certificate is written last: without it, whatever key is there was never served, so both are made anew.
  if (!existsSync(certFile)) {
    const { key, cert } = makeShopCertificate();
    writeAtomically(keyFile, key, 'private');
    writeAtomically(certFile, cert, 'public');
  }
  return readShopCertificate(keyFile, certFile);
}
