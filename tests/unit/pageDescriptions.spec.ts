import {test, expect} from '@playwright/test';
import {
  authorPageDescription,
  authorsListDescription,
  listOf,
  searchPageDescription,
  tagsListDescription,
} from '../../src/lib/pageDescriptions';

test('lists read as English', () => {
  expect(listOf([])).toBe('');
  expect(listOf(['VIREO'])).toBe('VIREO');
  expect(listOf(['VIREO', 'LEAP'])).toBe('VIREO and LEAP');
  expect(listOf(['a', ' ', 'b', 'c'])).toBe('a, b and c');
});

test('an author page is described by the author’s own description, else by name, title and post count', () => {
  expect(authorPageDescription({name: 'N', description: ' Writes about VIREO. '}, 3)).toBe('Writes about VIREO.');
  expect(authorPageDescription({name: 'Nadia Berg', title: 'Documentation Engineer'}, 1)).toBe(
    'Nadia Berg, Documentation Engineer: 1 post on the blog of the Lykta Developer Hub.',
  );
  expect(authorPageDescription({}, 0)).toBe('This author: 0 posts on the blog of the Lykta Developer Hub.');
});

test('list pages name what they list; the search page names the query', () => {
  expect(authorsListDescription(['A', 'B'])).toContain('(A and B)');
  expect(authorsListDescription([])).not.toContain('()');
  expect(tagsListDescription(['AV1', 'LEAP'])).toMatch(/: AV1 and LEAP\.$/);
  expect(searchPageDescription('  ')).toMatch(/^Search the LEAP SDK/);
  expect(searchPageDescription(' rtsp ')).toBe(
    'Search results for "rtsp" in the documentation of the Lykta Developer Hub.',
  );
});
