// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

// jsdom must not load in the server's page render (decision 0086): any import of it fails here
const jsdomLoaded = vi.fn();
vi.mock('jsdom', () => {
  jsdomLoaded();
  throw new Error('jsdom was loaded on the server');
});

// what the SSR build sees (vite sets it there); then the module, which reads it on load
vi.stubEnv('SSR', true);
const { sanitizeDescription, truncatedText } =
  await import('@/features/event/model/sanitize-description');

/**
 * The server's path (the SSR bundle, decision 0044): no `window` and no DOM. The API stored
 * the description sanitised (apps/api/src/lib/description-html.test.ts holds the rules' cases),
 * so the page render draws it as stored and quotes its text for the teaser.
 */
describe('sanitizeDescription on the server', () => {
  it('runs without a browser window, in the SSR build', () => {
    expect(typeof window).toBe('undefined');
    expect(import.meta.env.SSR).toBe(true);
  });

  it('draws the stored markup as it is, and its text, without loading jsdom', () => {
    const stored =
      '<h2 class="lead">Title</h2><p style="color: red">Café &amp; <b>bold <i>both</i></b><i> it</i><br>' +
      '<a href="/visit?a=1&amp;b=2" title="a>b" target="_blank" rel="noopener">Visit</a></p>';
    expect(sanitizeDescription(stored)).toBe(stored);
    expect(truncatedText(stored)).toEqual({
      text: 'TitleCafé & bold both itVisit',
      truncated: false,
    });
    expect(jsdomLoaded).not.toHaveBeenCalled();
  });
});
