import { useInspector } from '../../state/react';
import type { Verdict } from '../../worker/protocol';
import { PROVIDER_LABEL, cx, formatInt } from '../common/format';
import { Popover } from '../layout/popover';
import { verdictWords } from './lane-text';

/** The validator's verdict: accepts, or rejects with a count and where the problems come from; each problem on demand. */
export function VerdictView({ verdict, label }: { verdict: Verdict; label: string }) {
  const select = useInspector((s) => s.select);
  const words = verdictWords(verdict);
  const api = `${PROVIDER_LABEL[verdict.provider]} API`;
  if (verdict.empty) {
    return (
      <span className="block truncate font-medium text-rose-700 dark:text-rose-300" title={words.sentence}>
        {words.head}
      </span>
    );
  }
  if (verdict.problemCount === 0) {
    return (
      // Cut with an ellipsis like the header's other lines: in an 80 px lane it ran 5 px into the next one.
      <span className="block truncate font-medium text-emerald-700 dark:text-emerald-300" title={`The ${api} accepts the pruned messages. ${words.sentence}`}>
        {words.head}
      </span>
    );
  }
  const added = verdict.addedCount > 0;
  return (
    <Popover
      buttonLabel={`${label}: ${api} rejects: ${words.detail}. Show the problems`}
      buttonClassName="block w-full whitespace-normal rounded text-left leading-tight hover:bg-rose-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:bg-rose-500/10"
      button={
        <>
          <span className="block font-semibold text-rose-700 dark:text-rose-300">{words.head}</span>
          <span className={cx('block text-[10.5px] underline decoration-dotted underline-offset-2', added ? 'text-rose-700 dark:text-rose-300' : 'text-zinc-600 dark:text-zinc-400')}>
            {words.detail}
          </span>
        </>
      }
      panelLabel={`${label}: API problems`}
      width={440}
    >
      <>
        <p className="m-0 px-1 text-[12.5px] font-semibold text-zinc-900 dark:text-zinc-100">
          {label}: the {api} would reject this request
        </p>
        <p className="m-0 px-1 pb-1.5 pt-0.5 text-[11.5px] text-zinc-500 dark:text-zinc-400">{words.sentence}</p>
        <ol className="m-0 list-none p-0">
          {verdict.problems.map((p, i) => (
            <li key={i} className="flex items-start gap-2 border-t border-zinc-100 px-1 py-1.5 leading-snug dark:border-zinc-800">
              {p.messageIndex >= 0 ? (
                <button
                  type="button"
                  title={`Select message #${p.messageIndex}`}
                  data-popover-close
                  onClick={() => select(p.messageIndex, { scroll: true })}
                  className="shrink-0 rounded border border-zinc-300 px-1 font-mono text-[11px] tabular-nums text-indigo-700 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:text-indigo-300 dark:hover:bg-indigo-500/15"
                >
                  #{p.messageIndex}
                </button>
              ) : (
                <span className="shrink-0 font-mono text-[11px] text-zinc-500 dark:text-zinc-400">summary</span>
              )}
              <span className="min-w-0 flex-1">
                <span className="block break-words">{p.message}</span>
                <span className="block font-mono text-[10.5px] text-zinc-500 dark:text-zinc-400">
                  {p.rule} · {p.inherited ? 'in the input too' : 'added by pruning'}
                </span>
              </span>
            </li>
          ))}
          {verdict.problemCount > verdict.problems.length && (
            <li className="border-t border-zinc-100 px-1 py-1.5 text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
              …and {formatInt(verdict.problemCount - verdict.problems.length)} more
            </li>
          )}
        </ol>
      </>
    </Popover>
  );
}
