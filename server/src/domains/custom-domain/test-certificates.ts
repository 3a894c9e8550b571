import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Test support (used by tests only): a certificate authority and certificates it signs, made with the
 * openssl command, as files in `dir`.
 */
export interface TestCa {
  certFile: string;
  keyFile: string;
  certPem: string;
}

const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });

export function makeTestCa(dir: string, name = 'Splashboard Test CA'): TestCa {
  const certFile = path.join(dir, 'ca.pem');
  const keyFile = path.join(dir, 'ca-key.pem');
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  return { certFile, keyFile, certPem: readFileSync(certFile, 'utf8') };
}

/** A server certificate for the names (DNS names, or IP addresses), signed by the CA. */
export function makeTestCertificate(dir: string, ca: TestCa, names: string[], base = names[0]!.replace(/[^a-z0-9]/gi, '_')) {
  const keyFile = path.join(dir, `${base}-key.pem`);
  const csrFile = path.join(dir, `${base}.csr`);
  const certFile = path.join(dir, `${base}.pem`);
  const extFile = path.join(dir, `${base}.ext`);
  const san = names.map((n) => (/^[\d.]+$|:/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',');
  writeFileSync(extFile, `subjectAltName=${san}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`);
  openssl(
    'req',
    '-new',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-subj',
    `/CN=${names[0]}`,
    '-keyout',
    keyFile,
    '-out',
    csrFile,
  );
  openssl(
    'x509',
    '-req',
    '-in',
    csrFile,
    '-CA',
    ca.certFile,
    '-CAkey',
    ca.keyFile,
    '-CAcreateserial',
    '-days',
    '2',
    '-out',
    certFile,
    '-extfile',
    extFile,
  );
  return { certFile, keyFile, certPem: readFileSync(certFile, 'utf8'), keyPem: readFileSync(keyFile, 'utf8') };
}
