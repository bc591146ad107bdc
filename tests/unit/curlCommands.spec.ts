import {test, expect} from '@playwright/test';
import {curlInvocations, isSetup, pageCommands, statements} from '../support/curlCommands';
import {AuthStore, REALM, authParams, digestResponse} from '../../simulator/auth';
import {parseMultipart, basePathOf} from '../../simulator/device';
import {subjectAltNames} from '../../simulator/tls';

test('statements split at unquoted line ends, keeping continuations, quotes and here-documents whole', () => {
  const text = [
    "curl -u 'a:b' \\",
    "  --data '{",
    '  "x": 1',
    "}' https://192.0.2.10/vireo/x/v1/y",
    'cat > rule.json <<EOF',
    '{"a": 1}',
    'EOF',
    'TOKEN=$(curl -s \\',
    '  https://192.0.2.10/t | jq -r .access_token)',
    '# a comment with curl in it',
  ].join('\n');
  const out = statements(text);
  expect(out.map((s) => s.line)).toEqual([1, 5, 8]);
  expect(out[0]!.text).toContain('"x": 1');
  expect(out[1]!.text).toContain('{"a": 1}');
  expect(out[2]!.text).toContain('jq -r');
});

test('curl invocations end at pipes, lists and the closing parenthesis, not at quoted ones', () => {
  expect(curlInvocations("curl -s 'https://x/a?b=1|2' | jq .")).toEqual(["curl -s 'https://x/a?b=1|2'"]);
  expect(curlInvocations('TOKEN=$(curl -s https://x/t | jq -r .t)')).toEqual(['curl -s https://x/t']);
  expect(curlInvocations('status=$(curl -s -o a.json -w "%{http_code}" https://x/)')).toEqual([
    'curl -s -o a.json -w "%{http_code}" https://x/',
  ]);
  expect(curlInvocations('curl -s https://x/a && curl -s https://x/b; echo curl')).toEqual([
    'curl -s https://x/a',
    'curl -s https://x/b',
  ]);
  expect(curlInvocations('curl -s \\\n  https://x/a \\\n  | jq')).toEqual(['curl -s \\\n  https://x/a']);
  expect(curlInvocations('echo "use curl here"')).toEqual([]);
  expect(curlInvocations('V=(curl -sS --digest)')).toEqual([]);
  expect(curlInvocations('"${V[@]}" https://x/a | jq', new Set(['V']))).toEqual(['"${V[@]}" https://x/a']);
  expect(curlInvocations('"${W[@]}" https://x/a', new Set(['V']))).toEqual([]);
});

test('setup statements: assignments, here-documents and outputs kept in files', () => {
  expect(isSetup('DEV=192.0.2.10')).toBe(true);
  expect(isSetup("AUTH=(--digest -u '<username>:<password>')")).toBe(true);
  expect(isSetup("cat > rule.json <<'EOF'\n{}\nEOF")).toBe(true);
  expect(isSetup('curl -s https://x/a > params.json')).toBe(true);
  expect(isSetup('curl -s https://x/a')).toBe(false);
  expect(isSetup('echo done 2> err.log')).toBe(false);
});

test("a page's commands carry the setup before them, titled files and loop variables", () => {
  const blocks = [
    {lang: 'bash', meta: '', line: 1, body: 'DEV=192.0.2.10\nV=(curl -sS --cacert lab-ca.pem)'},
    {lang: 'json', meta: 'title="rule.json"', line: 5, body: '{"a": 1}'},
    {
      lang: 'bash',
      meta: '',
      line: 9,
      body: '"${V[@]}" "https://$DEV/vireo/x/v1/a" --data @rule.json\nfor s in 192.0.2.35 192.0.2.36; do\n  curl "https://$s/vireo/x/v1/b"\ndone\ncurl https://192.0.2.10/vireo/x/v1/c',
    },
    {lang: 'text', meta: '', line: 20, body: 'curl https://not/run'},
  ];
  const {commands, files} = pageCommands(blocks);
  expect(files).toEqual({'rule.json': '{"a": 1}'});
  expect(commands.map((c) => [c.command, c.setup])).toEqual([
    ['"${V[@]}" "https://$DEV/vireo/x/v1/a" --data @rule.json', ['DEV=192.0.2.10', 'V=(curl -sS --cacert lab-ca.pem)']],
    ['curl "https://$s/vireo/x/v1/b"', ['DEV=192.0.2.10', 'V=(curl -sS --cacert lab-ca.pem)', 's=192.0.2.35']],
    ['curl https://192.0.2.10/vireo/x/v1/c', ['DEV=192.0.2.10', 'V=(curl -sS --cacert lab-ca.pem)']],
  ]);
});

test('Digest responses follow RFC 7616 (the example of section 3.9.1)', () => {
  const common = {
    username: 'Mufasa',
    realm: 'http-auth@example.org',
    password: 'Circle of Life',
    method: 'GET',
    uri: '/dir/index.html',
    nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
    nc: '00000001',
    cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
  };
  expect(digestResponse({...common, algorithm: 'MD5'})).toBe('8ca523f5e9506fed4657c9700eebdbec');
  expect(digestResponse({...common, algorithm: 'SHA-256'})).toBe(
    '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1',
  );
  expect(authParams('Digest username="Mufasa", qop=auth, uri="/a,b", nc=00000001')).toEqual({
    username: 'Mufasa',
    qop: 'auth',
    uri: '/a,b',
    nc: '00000001',
  });
});

test('simulator helpers: base paths, multipart bodies, certificate names', () => {
  expect(basePathOf('https://{device}/vireo/time/v1')).toBe('/vireo/time/v1');
  expect(basePathOf('https://{server}/vireo/audio-manager-pro/v1/')).toBe('/vireo/audio-manager-pro/v1');
  const body = Buffer.from(
    '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nclip\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF\r\n--b--\r\n',
  );
  expect(parseMultipart(body, 'multipart/form-data; boundary=b')).toEqual({name: 'clip', file: 'RIFF'});
  expect(() => parseMultipart(body, 'multipart/form-data')).toThrow(/boundary/);
  const names = subjectAltNames(['audio-manager.example', '192.0.2.5', 'bad name;']);
  expect(names).toContain('IP:192.0.2.10');
  expect(names).toContain('IP:198.51.100.20');
  expect(names).toContain('DNS:audio-manager.example');
  expect(names.some((n) => n.includes('bad'))).toBe(false);
});

test('a 401 offers Digest SHA-256, then MD5, then Basic and Bearer, with the serial number as realm', () => {
  const store = new AuthStore();
  const [sha, md5, basic, bearer] = store.challenges();
  expect(sha).toMatch(
    new RegExp(`^Digest realm="${REALM}", qop="auth", nonce="[0-9a-f]{32}", opaque="[0-9a-f]+", algorithm=SHA-256$`),
  );
  expect(md5).toMatch(/^Digest .*algorithm=MD5$/);
  expect([basic, bearer]).toEqual([`Basic realm="${REALM}"`, `Bearer realm="${REALM}"`]);
  // A Digest answer to a challenge the device never sent is refused.
  const forged = store.authenticate(
    'Digest username="<username>", realm="LK3421A00715", nonce="abc", uri="/", response="0", qop=auth, nc=00000001, cnonce="x", opaque="y"',
    'GET',
  );
  expect(forged.ok).toBe(false);
  expect(store.authenticate(undefined, 'GET')).toMatchObject({ok: false, code: 'auth.required'});
  expect(store.authenticate(`Basic ${Buffer.from('<username>:<password>').toString('base64')}`, 'GET')).toMatchObject({
    ok: true,
    principal: {role: 'admin'},
  });
  expect(store.authenticate('Bearer nope', 'GET').ok).toBe(false);
});
