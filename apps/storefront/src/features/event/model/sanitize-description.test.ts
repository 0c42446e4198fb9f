import { describe, expect, it } from 'vitest';
import { sanitizeDescription, truncatedText } from '@/features/event/model/sanitize-description';

describe('sanitizeDescription', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const html = sanitizeDescription(
      '<p onclick="steal()">Hello <img src="x" onerror="steal()"><script>steal()</script><a href="javascript:steal()">x</a></p>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(html).toContain('Hello');
  });

  it('gives links rel="noopener" and keeps their target', () => {
    const html = sanitizeDescription(
      '<a href="https://example.org" target="_blank" rel="opener">Map</a>',
    );
    const link = new DOMParser().parseFromString(html, 'text/html').querySelector('a');
    expect(link?.getAttribute('rel')).toBe('noopener');
    expect(link?.getAttribute('target')).toBe('_blank');
  });
});

describe('truncatedText', () => {
  it('keeps short text whole', () => {
    expect(truncatedText('<p>Short <b>and</b> sweet</p>')).toEqual({
      text: 'Short and sweet',
      truncated: false,
    });
  });

  it('cuts long text at a word boundary within 128 characters', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const { text, truncated } = truncatedText(`<p>${words}</p>`);
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThanOrEqual(128);
    expect(text.endsWith('…')).toBe(true);
    expect(words.startsWith(text.slice(0, -1))).toBe(true);
    expect(text.slice(0, -1)).toMatch(/word\d+$/);
  });
});
