/**
 * A sentence of the payer's language around words the payment API gave, in English: those are marked `lang="en"`,
 * so a screen reader reads them in an English voice, not a Yorùbá or Hausa one (language trial). `said` is the
 * sentence with the words put in, wherever (and however often) it puts them; a merchant's own wording may leave
 * them out.
 */
export function Quoted({ said, words }: { readonly said: (words: string) => string; readonly words: string }) {
  return said('\u0000')
    .split('\u0000')
    .flatMap((part, i) => (i ? [<span lang="en">{words}</span>, part] : [part]));
}
