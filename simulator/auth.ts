/**
 * How the simulated device authenticates a request, as the authentication page describes a Lykta
 * device: HTTP Digest (RFC 7616, SHA-256 and MD5, qop=auth, realm = serial number), HTTP Basic over
 * TLS, and OAuth 2.0 bearer tokens from the client-credentials token endpoint. Pure functions and
 * one small stateful store of nonces and tokens.
 */
import {createHash, randomBytes} from 'node:crypto';

export type Role = 'anonymous' | 'viewer' | 'operator' | 'admin';
export const ROLES: Role[] = ['anonymous', 'viewer', 'operator', 'admin'];
export const roleAtLeast = (have: Role, need: Role) => ROLES.indexOf(have) >= ROLES.indexOf(need);

/** The device's serial number: the Digest realm, as on a real device. */
export const REALM = 'LK3421A00715';

/**
 * The accounts of the simulated device. The pages write credentials as placeholders the reader
 * replaces (`<username>:<password>`); on the simulator the placeholders themselves are an admin
 * account, so a command from a page runs unchanged. The role accounts exist for role checks.
 */
export const USERS: Record<string, {password: string; role: Role}> = {
  '<username>': {password: '<password>', role: 'admin'},
  viewer: {password: 'viewer-secret', role: 'viewer'},
  operator: {password: 'operator-secret', role: 'operator'},
  admin: {password: 'admin-secret', role: 'admin'},
};

/** OAuth clients (client-credentials grant): the pages' placeholder client, and one per role. */
export const CLIENTS: Record<string, {secret: string; role: Role}> = {
  '<client-id>': {secret: '<client-secret>', role: 'admin'},
  'viewer-client': {secret: 'viewer-client-secret', role: 'viewer'},
};

/** Parses `Digest a="b", c=d` (or any auth-param list) into its parameters. */
export function authParams(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of value.matchAll(/([a-zA-Z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    out[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!;
  }
  return out;
}

const HASHES: Record<string, string> = {MD5: 'md5', 'SHA-256': 'sha256'};
const h = (algorithm: string, value: string) => createHash(HASHES[algorithm]!).update(value).digest('hex');

/** The RFC 7616 `response` for qop=auth. */
export function digestResponse(p: {
  algorithm: string;
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  nc: string;
  cnonce: string;
}): string {
  const ha1 = h(p.algorithm, `${p.username}:${p.realm}:${p.password}`);
  const ha2 = h(p.algorithm, `${p.method}:${p.uri}`);
  return h(p.algorithm, `${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:auth:${ha2}`);
}

export interface Principal {
  kind: 'user' | 'client' | 'token';
  name: string;
  role: Role;
}

/** What authenticating a request found: a principal, or why not (with a code for the problem body). */
export type AuthResult =
  {ok: true; principal: Principal} | {ok: false; code: 'auth.required' | 'auth.invalid_credentials'; detail: string};

export class AuthStore {
  private nonces = new Map<string, number>();
  private tokens = new Map<string, Role>([
    ['<access-token>', 'admin'],
    ['<token>', 'admin'],
  ]);
  readonly opaque = randomBytes(12).toString('hex');

  /** The `WWW-Authenticate` values of a 401: Digest SHA-256, Digest MD5, Basic, Bearer. */
  challenges(stale = false): string[] {
    const nonce = randomBytes(16).toString('hex');
    this.nonces.set(nonce, Date.now());
    const common = `realm="${REALM}", qop="auth", nonce="${nonce}", opaque="${this.opaque}"${stale ? ', stale=true' : ''}`;
    return [
      `Digest ${common}, algorithm=SHA-256`,
      `Digest ${common}, algorithm=MD5`,
      `Basic realm="${REALM}"`,
      `Bearer realm="${REALM}"`,
    ];
  }

  /** Registers a token the token endpoint issued, with the role of the client that asked. */
  issue(token: string, role: Role): void {
    this.tokens.set(token, role);
  }

  authenticate(header: string | undefined, method: string): AuthResult {
    if (!header) return {ok: false, code: 'auth.required', detail: 'This operation needs credentials.'};
    const [scheme, ...rest] = header.trim().split(/\s+/);
    const value = rest.join(' ');
    switch (scheme!.toLowerCase()) {
      case 'basic': {
        const decoded = Buffer.from(value, 'base64').toString('utf8');
        const i = decoded.indexOf(':');
        const [name, password] = [decoded.slice(0, i), decoded.slice(i + 1)];
        const user = USERS[name];
        if (i > 0 && user && user.password === password)
          return {ok: true, principal: {kind: 'user', name, role: user.role}};
        // A client the pages name (`vms-recorder:<client-secret>`) has the placeholder as its secret.
        const client =
          CLIENTS[name] ??
          (password === '<client-secret>' && /^[a-z0-9][a-z0-9-]*$/.test(name)
            ? {secret: password, role: 'admin' as Role}
            : undefined);
        if (i > 0 && client && client.secret === password)
          return {ok: true, principal: {kind: 'client', name, role: client.role}};
        return {ok: false, code: 'auth.invalid_credentials', detail: 'The user name or password is wrong.'};
      }
      case 'digest': {
        const p = authParams(value);
        const algorithm = p.algorithm ?? 'MD5';
        const user = USERS[p.username ?? ''];
        if (
          !HASHES[algorithm] ||
          p.qop !== 'auth' ||
          p.realm !== REALM ||
          !this.nonces.has(p.nonce ?? '') ||
          p.opaque !== this.opaque
        )
          return {
            ok: false,
            code: 'auth.invalid_credentials',
            detail: 'The Digest parameters do not answer a challenge of this device.',
          };
        if (!user) return {ok: false, code: 'auth.invalid_credentials', detail: 'The user name or password is wrong.'};
        const expected = digestResponse({
          algorithm,
          username: p.username!,
          realm: REALM,
          password: user.password,
          method,
          uri: p.uri ?? '',
          nonce: p.nonce!,
          nc: p.nc ?? '',
          cnonce: p.cnonce ?? '',
        });
        if (expected !== p.response)
          return {ok: false, code: 'auth.invalid_credentials', detail: 'The user name or password is wrong.'};
        return {ok: true, principal: {kind: 'user', name: p.username!, role: user.role}};
      }
      case 'bearer': {
        const role = this.tokens.get(value);
        if (!role) return {ok: false, code: 'auth.invalid_credentials', detail: 'The token is unknown or has expired.'};
        return {ok: true, principal: {kind: 'token', name: 'token', role}};
      }
      default:
        return {ok: false, code: 'auth.required', detail: `The scheme ${scheme} is not offered.`};
    }
  }
}
