import {test, expect} from '@playwright/test';
import {compareVersions, headerForLine, paramName, parseHeader} from '../../src/lib/leapHeaders';

const HEADER = `/**
 * @file lykdemo.h
 * @brief A demonstration library.
 * @library liblykdemo
 * @since 3.2
 *
 * Longer text about \`lykdemo_get()\`.
 * @threadsafety Handles are not shared between threads.
 */
#ifndef LYKDEMO_H
#define LYKDEMO_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Longest name.
 * @since 3.2
 */
#define LYKDEMO_NAME_MAX 64

/**
 * @brief A handle.
 * @since 3.2
 */
typedef struct lykdemo_handle lykdemo_handle_t;

/**
 * @brief Modes.
 * @since 4.0
 */
typedef enum {
    LYKDEMO_MODE_A = 0, /**< First. */
    LYKDEMO_MODE_B = 1  /**< Second,
                             on two lines. */
} lykdemo_mode_t;

/**
 * @brief A point.
 * @since 3.2
 */
typedef struct {
    double x; /**< Across. */
    double y; /**< Down. */
    unsigned char flags[4]; /**< Flags. */
} lykdemo_point_t;

/**
 * @brief Called on change.
 * @param name The name.
 * @param user_data Yours.
 * @since 3.2
 */
typedef void (*lykdemo_cb)(const char *name, void *user_data);

/**
 * @brief Opens.
 *
 * A paragraph
 * on two lines.
 *
 * @param app_name The application.
 * @param[out] handle Receives the handle.
 * @return 0 or a negative errno value.
 * @retval -ENOENT No such application.
 * @retval -EACCES Not allowed.
 * @threadsafety Any thread.
 * @since 3.2
 */
int lykdemo_open(const char *app_name, lykdemo_handle_t **handle);

/**
 * @brief Runs.
 * @param handle The handle.
 * @param inputs Inputs.
 * @param cb Callback.
 * @return 0.
 * @threadsafety Main loop only.
 * @since 12.1
 * @deprecated 12.6 Use something else.
 */
int lykdemo_run(lykdemo_handle_t *handle, const void *const inputs[], void (*cb)(int));

/**
 * @brief Closes.
 * @param handle The handle; NULL is allowed.
 * @threadsafety Any thread.
 * @since 3.2
 */
void lykdemo_close(lykdemo_handle_t *handle);

#ifdef __cplusplus
}
#endif

#endif
`;

test('reads every kind of declaration with its documentation', () => {
  const h = parseHeader(HEADER, 'lykdemo.h');
  expect(h.library).toBe('liblykdemo');
  expect(h.doc.threadsafety).toBe('Handles are not shared between threads.');
  expect(h.doc.text).toEqual(['Longer text about `lykdemo_get()`.']);
  expect(h.decls.map((d) => `${d.kind} ${d.name}`)).toEqual([
    'macro LYKDEMO_NAME_MAX',
    'opaque lykdemo_handle_t',
    'enum lykdemo_mode_t',
    'struct lykdemo_point_t',
    'callback lykdemo_cb',
    'function lykdemo_open',
    'function lykdemo_run',
    'function lykdemo_close',
  ]);
  const open = h.decls.find((d) => d.name === 'lykdemo_open')!;
  expect(open.doc.text).toEqual(['A paragraph on two lines.']);
  expect(open.doc.params.map((p) => `${p.direction} ${p.name}`)).toEqual(['in app_name', 'out handle']);
  expect(open.doc.retvals).toEqual([
    {value: '-ENOENT', text: 'No such application.'},
    {value: '-EACCES', text: 'Not allowed.'},
  ]);
  const mode = h.decls.find((d) => d.name === 'lykdemo_mode_t')!;
  expect(mode.members).toEqual([
    {name: 'LYKDEMO_MODE_A', code: '0', text: 'First.'},
    {name: 'LYKDEMO_MODE_B', code: '1', text: 'Second, on two lines.'},
  ]);
  expect(mode.code).not.toContain('/**<');
  const point = h.decls.find((d) => d.name === 'lykdemo_point_t')!;
  expect(point.members.map((m) => m.name)).toEqual(['x', 'y', 'flags']);
  expect(h.decls.find((d) => d.name === 'lykdemo_run')!.doc.deprecated).toEqual({
    version: '12.6',
    text: 'Use something else.',
  });
});

test('each line keeps what it had: later declarations and whole libraries drop out', () => {
  const h = parseHeader(HEADER, 'lykdemo.h');
  const four = headerForLine(h, '4')!;
  expect(four.decls.map((d) => d.name)).not.toContain('lykdemo_run');
  expect(four.source).not.toContain('lykdemo_run');
  expect(four.source).toContain('lykdemo_close');
  const three = headerForLine(h, '3')!;
  expect(three.decls.map((d) => d.name)).not.toContain('lykdemo_mode_t');
  expect(headerForLine(h, '12')!.source).toBe(HEADER);
  const removed = parseHeader(
    HEADER.replace(' * @since 3.2\n *\n', ' * @since 3.2\n * @removed 12.0 Gone.\n *\n')
      .replace('@since 12.1', '@since 4.2')
      .replace('@deprecated 12.6', '@deprecated 4.5'),
    'lykdemo.h',
  );
  expect(headerForLine(removed, '12')).toBeUndefined();
  expect(headerForLine(removed, '4')!.decls.map((d) => d.name)).toContain('lykdemo_run');
  expect(headerForLine(removed, '3')).toBeDefined();
  const late = parseHeader(HEADER.replace(/@since (3\.2|4\.0)/g, '@since 4.3'), 'lykdemo.h');
  expect(headerForLine(late, '3')).toBeUndefined();
});

test('planted defects fail with the file and line', () => {
  const bad = (from: string | RegExp, to: string) => () => parseHeader(HEADER.replace(from, to), 'lykdemo.h');
  expect(bad(' * @param[out] handle Receives the handle.\n', '')).toThrow(
    /lykdemo.h:\d+: lykdemo_open: @param app_name but the parameters are app_name, handle/,
  );
  expect(bad(' * @threadsafety Any thread.\n * @since 3.2\n */\nint', ' * @since 3.2\n */\nint')).toThrow(
    /@threadsafety missing/,
  );
  expect(bad(' * @return 0 or a negative errno value.\n', '')).toThrow(/lykdemo_open: @return missing/);
  expect(bad('/**\n * @brief Closes.', '/*\n * @brief Closes.')).toThrow(/expected a \/\*\* doc comment/);
  expect(bad(' * @brief Longest name.\n', ' * @brieff Longest name.\n')).toThrow(/unknown tag @brieff/);
  expect(bad(' * @since 4.0\n', ' * @since 3.0\n')).toThrow(/before the library's 3.2/);
  expect(bad(' * @since 4.0\n', ' * @since 13.0\n')).toThrow(/later than the newest LEAP release/);
  expect(bad(' * @since 4.0\n', ' * @since soon\n')).toThrow(/@since must be a release number/);
  expect(bad('    double y; /**< Down. */\n', '    double y;\n')).toThrow(/member "double y" has no/);
  expect(bad('#define LYKDEMO_NAME_MAX 64\n', '#define LYKDEMO_NAME_MAX 64\nint stray;\n')).toThrow(
    /expected a \/\*\* doc comment/,
  );
  expect(bad('@file lykdemo.h', '@file other.h')).toThrow(/@file says "other.h"/);
  expect(bad(' * @brief Opens.', ' * @brief Opens **now**.')).toThrow(/Markdown other than `code`/);
  expect(bad(' * @brief Opens.', ' * @brief Opens, see [this](x).')).toThrow(/Markdown other than `code`/);
  expect(bad(' * @brief Opens.', ' * @brief Opens `a **b**` and a * b * c.')).not.toThrow();
  expect(bad('int lykdemo_open(const char *app_name, lykdemo_handle_t **handle);', 'lykdemo_open(app_name);')).toThrow(
    /not a declaration/,
  );
});

test('parameter names and release order', () => {
  expect(paramName('const char *name')).toBe('name');
  expect(paramName('void *const outputs[]')).toBe('outputs');
  expect(paramName('void (*cb)(int)')).toBe('cb');
  expect(paramName('int')).toBeUndefined();
  expect(compareVersions('4.15.1', '12.0')).toBeLessThan(0);
  expect(compareVersions('4.15', '4.15.0')).toBe(0);
  expect(compareVersions('4.9', '4.10')).toBeLessThan(0);
});
