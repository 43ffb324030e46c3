import { cx } from './format';

/**
 * Where a word gives way to its short form: below its container's width in px (the cells' 104, the lane headers'
 * counts 113 for "summarized", 90 for the shorter words). Written out whole so Tailwind finds the classes.
 */
const SHORT_BELOW = {
  104: { full: '@max-[104px]:sr-only', short: '@max-[104px]:inline' },
  113: { full: '@max-[113px]:sr-only', short: '@max-[113px]:inline' },
  90: { full: '@max-[90px]:sr-only', short: '@max-[90px]:inline' },
} as const;

/**
 * A word with a short form for narrow places ("summarized", "summ."), shown below a container width (`below`) and,
 * with `noneBelow81`, not shown at all below 81 px (a count beside its fate's icon). The whole word always stays the
 * text a screen reader reads (visually hidden, not removed); the short one is hidden from it and left out of a copied
 * selection. `.word-full` and `.word-short` name the two forms for the journeys.
 */
export function ShortWord({ word, short, below, noneBelow81 = false }: { word: string; short: string; below: keyof typeof SHORT_BELOW; noneBelow81?: boolean }) {
  const place = SHORT_BELOW[below];
  return (
    <>
      <span className={cx('word-full', place.full)}>{word}</span>
      <span aria-hidden="true" className={cx('word-short hidden select-none', place.short, noneBelow81 && '@max-[81px]:hidden!')}>
        {short}
      </span>
    </>
  );
}
