import { describe, expect, it } from 'vitest';
import { indefiniteArticle, withArticle } from './english-article';

describe('the indefinite article before a seller-named word', () => {
  it('is "an" before a vowel sound, "a" before a consonant sound', () => {
    expect(withArticle('Individual')).toBe('an Individual');
    expect(withArticle('Adult')).toBe('an Adult');
    expect(withArticle('Family')).toBe('a Family');
    expect(withArticle('child')).toBe('a child');
  });

  it('follows the sound where the spelling misleads', () => {
    expect(indefiniteArticle('Unicorn')).toBe('a');
    expect(indefiniteArticle('one-day')).toBe('a');
    expect(indefiniteArticle('Honorary')).toBe('an');
    expect(indefiniteArticle('Hour')).toBe('an');
    expect(indefiniteArticle('Upper Circle')).toBe('an');
  });
});
