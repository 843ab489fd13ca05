// "a bar", "an arc", "an attach constraint": a kind's word with the indefinite article it takes. The kinds' words
// (drawing.ts, display-names.ts) all sound as they are spelt: a vowel letter first is a vowel sound first.

/** `word` after "a", or "an" before a vowel. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
