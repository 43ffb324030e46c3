/**
 * A word with a short form for narrow places ("summarized", "summ."). Which one shows is the container's CSS
 * (`.word-full` / `.word-short` in index.css, one container query per place and width). The whole word always stays
 * the text a screen reader reads; the short one is hidden from it and left out of a copied selection.
 */
export function ShortWord({ word, short }: { word: string; short: string }) {
  return (
    <>
      <span className="word-full">{word}</span>
      <span aria-hidden="true" className="word-short">
        {short}
      </span>
    </>
  );
}
