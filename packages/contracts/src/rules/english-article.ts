/**
 * "a" or "an" before a word a seller names (a membership level, a member role): "an Individual
 * membership", "a Family membership" (issue #25: the texts read "a Individual"). By the first
 * letter, with the usual exceptions where the sound differs from the spelling.
 */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const w = word.trim().toLowerCase();
  // a vowel letter sounding "you" or "won": a unit, a user, a one-day pass, a European
  if (/^(uni|use|usu|ute|one|eu)/.test(w)) return 'a';
  // a silent h: an hour, an honorary member
  if (/^(hour|honou?r|honest|heir)/.test(w)) return 'an';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

/** The word with its article: "an Individual", "a Family". */
export const withArticle = (word: string) => `${indefiniteArticle(word)} ${word}`;
