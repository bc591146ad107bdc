/** Fetches the page's Markdown for the Copy page button: loaded on the first click, as a chunk of its own. */

/** The Markdown at `url`; fails on anything but a 200 answer. */
export async function fetchMarkdown(url: string): Promise<string> {
  const response = await fetch(url, {headers: {Accept: 'text/markdown, text/plain;q=0.9'}});
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}
