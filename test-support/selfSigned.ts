import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A throwaway self-signed certificate for 127.0.0.1 and its key, written as PEM
 * into `dir` by Debian's openssl: for tests and benches of the server's HTTPS.
 */
export function selfSignedPair(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}
