/**
 * The lab CA of the simulated device, made with the `openssl` command: a CA certificate (what
 * the pages call `lab-ca.pem`) and a server certificate it signs, valid for the addresses the
 * pages use for devices (the documentation ranges of RFC 5737), localhost and any
 * extra names asked for.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LabPki {
  /** PEM of the CA certificate: write it to `lab-ca.pem` for `--cacert`. */
  caPem: string;
  key: string;
  cert: string;
}

function openssl(args: string[], cwd: string): void {
  try {
    execFileSync('openssl', args, {cwd, stdio: ['ignore', 'ignore', 'pipe']});
  } catch (e) {
    const err = e as {code?: string; stderr?: Buffer};
    if (err.code === 'ENOENT')
      throw new Error('the simulated device needs the openssl command (Debian: apt-get install openssl)');
    throw new Error(`openssl ${args[0]} failed: ${err.stderr?.toString() ?? String(e)}`);
  }
}

/** Host names and addresses the server certificate covers, as subjectAltName entries. */
export function subjectAltNames(extraNames: string[] = []): string[] {
  // The three documentation ranges of RFC 5737; the pages use 192.0.2.0/24 for devices.
  const ranges = ['192.0.2', '198.51.100', '203.0.113'];
  const ips = ['127.0.0.1', ...ranges.flatMap((r) => Array.from({length: 254}, (_, i) => `${r}.${i + 1}`))];
  const names = ['localhost', ...extraNames.filter((n) => /^[a-z0-9.-]+$/i.test(n) && !/^[\d.]+$/.test(n))];
  return [...ips.map((ip) => `IP:${ip}`), ...[...new Set(names)].map((n) => `DNS:${n}`)];
}

export function makeLabPki(extraNames: string[] = []): LabPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-lab-ca-'));
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    openssl(
      [
        'req',
        '-x509',
        ...ec,
        '-keyout',
        'ca.key',
        '-out',
        'ca.pem',
        '-days',
        '30',
        '-subj',
        '/O=Lykta lab/CN=Lykta lab CA',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
      ],
      dir,
    );
    openssl(['req', ...ec, '-keyout', 'device.key', '-out', 'device.csr', '-subj', `/O=Lykta/CN=LK3421A00715`], dir);
    fs.writeFileSync(
      path.join(dir, 'ext.cnf'),
      `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=${subjectAltNames(extraNames).join(',')}\n`,
    );
    openssl(
      [
        'x509',
        '-req',
        '-in',
        'device.csr',
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        'device.pem',
        '-days',
        '30',
        '-extfile',
        'ext.cnf',
      ],
      dir,
    );
    const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    return {caPem: read('ca.pem'), key: read('device.key'), cert: read('device.pem')};
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}
