/**
 * A sentence of the payer's language around words the payment API gave, in English: those are marked `lang="en"`,
 * so a screen reader reads them in an English voice, not a Yorùbá or Hausa one (language trial). `said` is the
 * sentence with the words put in; a sentence that leaves them out (a merchant's own wording) is drawn without them.
 */
export function Quoted({ said, words }: { readonly said: (words: string) => string; readonly words: string }) {
  const [before, after] = said('\u0000').split('\u0000');
  return after === undefined ? (
    before
  ) : (
    <>
      {before}
      <span lang="en">{words}</span>
      {after}
    </>
  );
}
