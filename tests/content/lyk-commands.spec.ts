/**
 * Every `lyk` command on any page exists in the command-line reference
 * (docs/references/command-line-interface.md) with the options it uses: code blocks
 * (shell, YAML and TOML, and `lyk` lines of text blocks) and inline code alike.
 * Pages of LEAP 4 and 3 are held to the reference of their devices (LyktaOS 10 and 11):
 * an option the reference marks "LyktaOS 12 and later" is an error there.
 */
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {contentPages, ROOT} from '../support/files';
import {checkInvocation, lykUses, parseReference, type ReferenceScope} from '../support/lykCli';

const REFERENCE = path.join(ROOT, 'docs/references/command-line-interface.md');

const scopeOf = (relative: string): ReferenceScope =>
  /^sdk_versioned_docs\/version-[34]\//.test(relative) ? 'lyktaos-10-11' : 'current';

function pages() {
  return contentPages().map((file) => ({file, relative: path.relative(ROOT, file).split(path.sep).join('/')}));
}

test('the reference lists the commands and options the pages rely on', () => {
  const ref = parseReference(REFERENCE);
  for (const name of ['discover', 'device info', 'app install', 'app logs', 'events topics', 'api call', 'token'])
    expect(ref.commands.has(name), name).toBe(true);
  expect(ref.commands.get('app logs')!.find((f) => f.names.includes('--since'))?.lyktaOS12).toBe(true);
  expect(ref.global.find((f) => f.names.includes('--output'))?.choices).toEqual(['table', 'json', 'yaml']);
});

test('every lyk command on every page is in the reference, with its options', () => {
  const ref = parseReference(REFERENCE);
  const failures: string[] = [];
  let count = 0;
  for (const {file, relative} of pages()) {
    const isReference = file === REFERENCE;
    for (const use of lykUses(file, relative, {textBlocks: !isReference})) {
      count++;
      for (const problem of checkInvocation(use.invocation, ref, scopeOf(relative), use))
        failures.push(`${use.where}: ${problem}: ${use.invocation}`);
    }
  }
  expect(count, 'lyk invocations found').toBeGreaterThan(200);
  expect(failures).toEqual([]);
});

test('the check can fail: unknown commands, options and values, and options from a later LyktaOS', () => {
  const ref = parseReference(REFERENCE);
  expect(checkInvocation('lyk --device 192.0.2.10 app logs parking_watch --follow', ref)).toEqual([]);
  expect(checkInvocation('lyk app logs parking_watch --since 15m -o json', ref)).toEqual([]);
  expect(checkInvocation('lyk app deploy parking_watch.lpk', ref)).toEqual(['"lyk app deploy" is not a command']);
  expect(checkInvocation('lyk app install x.lpk --force', ref)).toEqual([
    'option --force is not an option of "lyk app install"',
  ]);
  expect(checkInvocation('lyk -o xml app list', ref)).toEqual(['option -o does not take "xml" (table, json, yaml)']);
  expect(checkInvocation('lyk app logs door_monitor --since 1h', ref, 'lyktaos-10-11')).toEqual([
    'option --since needs LyktaOS 12, which LEAP 4 and 3 devices do not run',
  ]);
});
