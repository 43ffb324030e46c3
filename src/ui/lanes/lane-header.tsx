import { useState } from 'react';
import { flushSync } from 'react-dom';
import { getStrategy, type MessageFate } from '../../core';
import { laneStatus } from '../../state';
import { useInspector, useInspectorStore } from '../../state/react';
import { describeOptions, fidelityText, type LaneSpec } from '../../worker/lanes';
import type { LaneScore, PlanResult } from '../../worker/protocol';
import { FateIcon, fateLabel, fateShortLabel } from '../common/fate-badge';
import { cx, formatCompact, formatInt } from '../common/format';
import { downloadText, copyText } from '../common/clipboard';
import { ShortWord } from '../common/short-word';
import { Popover } from '../layout/popover';
import { peopleText } from '../common/people-text';
import { boundNote, breakableTitle, formatSaved, overNote, summaryNote } from './lane-text';
import { ProbeDialog } from '../model/probe-dialog';
import { LaneOptionsForm } from './lane-options-form';
import { VerdictView } from './verdict-view';
import { useDelayedFlags } from '../common/use-delayed-flags';

const MENU_ITEM =
  'block w-full rounded px-2 py-1 text-left text-[12.5px] hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-40 dark:hover:bg-zinc-800';

/** A lane's header: its strategy and options, what it keeps in counts and tokens, the API's verdict, export. */
export function LaneHeader({ lane, label, position, count }: { lane: LaneSpec; label: string; position: number; count: number }) {
  const plan = useInspector((s) => s.plans[lane.id]);
  const laterCard = useInspector((s) => s.scorecards[lane.id]);
  const status = useInspector((s) => laneStatus(s, lane));
  const error = useInspector((s) => s.laneErrors[lane.id]);
  const verdict = useInspector((s) => s.verdicts[lane.id]);
  const verdictStale = useInspector((s) => s.verdicts[lane.id]?.key !== s.plans[lane.id]?.key) || status !== 'ready';
  const cardStale = plan !== undefined && plan.scorecard === undefined && laterCard?.key !== plan.key;
  // Its last counts, verdict and scorecard dimmed only once each has waited a while: a quick answer never flashes a
  // dim, the same wait for all three (and for the lane's cells, `LaneDims`).
  const dims = useDelayedFlags(`${status === 'updating' ? 1 : 0}${verdict && verdictStale ? 1 : 0}${cardStale ? 1 : 0}`);
  const dimmed = dims[0] === '1';
  const verdictDimmed = dims[1] === '1';
  const cardDimmed = dims[2] === '1';
  const totalTokens = useInspector((s) => s.doc?.totalTokens ?? 0);
  const systemTokens = useInspector((s) => s.doc?.systemTokens ?? 0);
  const focused = useInspector((s) => s.focus === lane.id);
  const budget = useInspector((s) => s.budget);
  const unbound = boundNote(lane, budget, totalTokens);
  const setFocus = useInspector((s) => s.setFocus);
  const slow = getStrategy(lane.strategy).slow === true;
  const options = describeOptions(lane);
  const fidelity = fidelityText(lane.strategy);

  return (
    <section
      role="region"
      aria-label={label}
      aria-busy={status === 'planning' || status === 'updating'}
      data-lane={lane.id}
      data-strategy={lane.strategy}
      className={cx(
        '@container flex min-w-0 flex-col gap-px whitespace-nowrap border-l border-zinc-200 px-1.5 py-2 max-[1279.98px]:px-1 text-[11.5px] leading-[1.4] dark:border-zinc-800',
        focused && 'bg-indigo-50/70 dark:bg-indigo-500/10',
      )}
    >
      {/* In a narrow lane (80 px at 1024) the ⋯ goes above the name, which then has the lane's whole width; a word wider
          than that still breaks rather than being cut mid-letter (Chromium on Linux has no hyphenation dictionary). */}
      <div className="flex items-start gap-1 @max-[100px]:flex-col-reverse @max-[100px]:items-end @max-[100px]:gap-0">
        <h2 className="m-0 min-w-0 flex-1 @max-[100px]:w-full">
          <button
            type="button"
            aria-pressed={focused}
            title={focused ? 'Unfocus this lane' : `Focus this lane (${position + 1})`}
            onClick={() => setFocus(focused ? undefined : lane.id)}
            className={cx(
              'line-clamp-2 w-full hyphens-auto whitespace-normal rounded text-left text-[12px] font-semibold @max-[100px]:line-clamp-3 @max-[100px]:text-[11px] @max-[100px]:[overflow-wrap:anywhere] leading-tight text-zinc-900 hover:text-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-100 dark:hover:text-indigo-300',
              focused && 'text-indigo-700 dark:text-indigo-300',
            )}
          >
            {/* Soft hyphens for the eye only: the name read out stays the label. */}
            <span aria-hidden="true">{breakableTitle(label)}</span>
            <span className="sr-only">{label}</span>
          </button>
        </h2>
        <LaneMenu lane={lane} label={label} position={position} count={count} />
      </div>
      {plan?.headline && (
        // Two lines at most, so a long intent's evidence never pushes the rows down; the whole of it on hover.
        <p className="m-0 line-clamp-2 whitespace-normal text-[10.5px] leading-tight text-zinc-600 dark:text-zinc-400" title={plan.headline} data-testid="lane-headline">
          {plan.headline}
        </p>
      )}
      {fidelity && (
        // A peer is a simulation: say what it reproduces and what it guesses, the whole of it on hover.
        <p className="m-0 line-clamp-2 whitespace-normal text-[10.5px] leading-tight text-amber-800 dark:text-amber-300" title={fidelity} data-testid="lane-fidelity">
          {fidelity}
        </p>
      )}
      {options && (
        <p className="m-0 truncate text-[10.5px] text-zinc-600 dark:text-zinc-400" title={options} data-testid="lane-options">
          {options}
        </p>
      )}
      {unbound && (
        <p className="m-0 whitespace-normal text-[10.5px] leading-tight text-amber-800 dark:text-amber-200" data-testid="bound-note">
          {unbound}
        </p>
      )}
      {error && status === 'error' ? (
        <p className="m-0 whitespace-normal text-[11px] text-rose-700 dark:text-rose-300" role="alert">
          {peopleText(error.message)}
        </p>
      ) : !plan ? (
        <p className="m-0 text-zinc-600 dark:text-zinc-400" data-testid="lane-status">
          {slow ? 'summarizing…' : 'planning…'}
        </p>
      ) : (
        <LaneCounts plan={plan} laterCard={laterCard} stale={dimmed} cardStale={cardDimmed && !dimmed} totalTokens={totalTokens} systemTokens={systemTokens} />
      )}
      {plan && status !== 'error' && (
        // While the lane re-plans (new counts, a new bound) the last verdict stays, dimmed: unmounting it would drop
        // the keyboard focus of whoever just used its problem list.
        <div className={cx('m-0 min-h-[1.35em]', verdictDimmed && 'opacity-60')} data-testid="verdict" data-stale={verdictDimmed ? '' : undefined}>
          {!verdict ? <span className="text-zinc-500 dark:text-zinc-400">checking…</span> : <VerdictView verdict={verdict} label={label} />}
        </div>
      )}
    </section>
  );
}

function LaneCounts({
  plan,
  laterCard,
  stale,
  cardStale,
  totalTokens,
  systemTokens,
}: {
  plan: PlanResult;
  laterCard: LaneScore | undefined;
  stale: boolean;
  cardStale: boolean;
  totalTokens: number;
  systemTokens: number;
}) {
  const over = overNote(plan);
  const summary = summaryNote(plan);
  const system = systemTokens > 0 ? `, plus the ${formatInt(systemTokens)}-token system prompt every request sends` : '';
  return (
    <div className={cx('flex flex-col gap-px', stale && 'opacity-60')} data-testid="lane-counts">
      <p className="m-0 flex items-center gap-1 text-[color:var(--kept)]">
        <FateIcon fate="kept" className="h-3 w-3" />
        <span className="truncate tabular-nums">{formatInt(plan.kept)} kept</span>
      </p>
      {plan.dropped > 0 && (
        <p className="m-0 flex items-center gap-1 text-[color:var(--dropped)]">
          <FateIcon fate="dropped" className="h-3 w-3" />
          <CountWords count={plan.dropped} fate="dropped" />
        </p>
      )}
      {plan.summarized > 0 && (
        <p className="m-0 flex items-center gap-1 text-[color:var(--summarized)]" title={summary ? `${formatInt(plan.summarized)} summarized ${summary}` : undefined}>
          <FateIcon fate="summarized" className="h-3 w-3" />
          <CountWords count={plan.summarized} fate="summarized" />
        </p>
      )}
      {/* Wrapped (four lines hold it at 1024 px): cut to one line, a narrow lane read "into 1 messa…" and lost the summary's size. */}
      {summary && (
        <p className="m-0 line-clamp-4 pl-4 text-[10.5px] whitespace-normal text-zinc-600 dark:text-zinc-400" title={summary}>
          {summary}
        </p>
      )}
      {plan.masked > 0 && (
        <p className="m-0 flex items-center gap-1 text-[color:var(--masked)]">
          <FateIcon fate="masked" className="h-3 w-3" />
          <CountWords count={plan.masked} fate="masked" />
        </p>
      )}
      <p className="m-0 truncate text-zinc-700 tabular-nums dark:text-zinc-300" title={`${formatInt(Math.round(plan.tokens))} tokens in messages${system}`}>
        {formatCompact(plan.tokens)} tokens
      </p>
      <p className="m-0 truncate font-medium text-zinc-800 tabular-nums dark:text-zinc-200" title={`Of every request's tokens (messages${system})`}>
        {formatSaved(plan.tokens, totalTokens, systemTokens)} saved
      </p>
      {/* A budget change's scorecard lands a moment after its plan: the lane's last one stays meanwhile, dimmed. */}
      <ScorecardLine card={plan.scorecard ?? laterCard?.scorecard} stale={cardStale} />
      {over && <OverNote text={over} />}
    </div>
  );
}

/**
 * "57 dropped"; in a lane too narrow for the word "57 drop.", narrower still "57" beside the fate's icon (the word was
 * cut to "57 dro…", and "150 summari…" even at 1440 px), measured with the wide fallback font at 11.5 px in the lane
 * header's width. The whole word stays for a screen reader; the word's two forms are `ShortWord`'s.
 */
function CountWords({ count, fate }: { count: number; fate: MessageFate }) {
  const word = fateLabel(fate).toLowerCase();
  return (
    <span className="count-words truncate tabular-nums" data-word={word}>
      {formatInt(count)} <ShortWord word={word} short={fateShortLabel(fate).toLowerCase()} below={fate === 'summarized' ? 113 : 90} noneBelow81 />
    </span>
  );
}

/** The lane's actions: options, order, export, remove. */
function LaneMenu({ lane, label, position, count }: { lane: LaneSpec; label: string; position: number; count: number }) {
  const moveLane = useInspector((s) => s.moveLane);
  const removeLane = useInspector((s) => s.removeLane);
  const updateLane = useInspector((s) => s.updateLane);
  const exportLane = useInspector((s) => s.exportLane);
  const announce = useInspector((s) => s.announce);
  const store = useInspectorStore();
  const [editing, setEditing] = useState(false);
  const [probing, setProbing] = useState(false);

  /**
   * Removes the lane and puts the keyboard on the ⋯ of the lane that takes its place (the previous one's for the last;
   * "Add lane" for none): its own button, where the popover would give focus back, is gone with it.
   */
  function removeAndRefocus() {
    const lanes = store.getState().lanes;
    const neighbour = lanes[position + 1] ?? lanes[position - 1];
    // Removed now, not at the end of the event, so the neighbour's button is where it will stay.
    flushSync(() => removeLane(lane.id));
    const next = neighbour && document.querySelector<HTMLButtonElement>(`section[data-lane="${CSS.escape(neighbour.id)}"] button[aria-label$="lane: options, export, order"]`);
    (next ?? document.querySelector<HTMLButtonElement>('button[aria-label="Add lane"]'))?.focus();
  }

  async function runExport(kind: 'download' | 'copy') {
    try {
      const result = await exportLane(lane.id);
      if (!result) return;
      if (kind === 'download') {
        downloadText(result.text, result.fileName, result.mimeType);
        announce(`Downloaded ${result.fileName}: ${result.messageCount} messages.${result.note ? ` ${result.note}` : ''}`);
      } else {
        await copyText(result.text);
        announce(`Copied the ${label} transcript: ${result.messageCount} messages.${result.note ? ` ${result.note}` : ''}`);
      }
    } catch (error) {
      announce(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return (
    <>
      <Popover
        button={<span aria-hidden="true">⋯</span>}
        buttonLabel={`${label} lane: options, export, order`}
        title="Options, export, order"
        buttonClassName="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded text-[13px] font-bold text-zinc-600 hover:bg-zinc-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-800"
        panelLabel={`${label} lane`}
        width={320}
        // Closed while its options were open, the menu opens on its actions again, not on the form.
        onClose={() => setEditing(false)}
      >
        {editing ? (
          <>
            <p className="m-0 mb-1 text-[12px] font-semibold text-zinc-900 dark:text-zinc-100">{label}: options</p>
            <LaneOptionsForm
              strategy={lane.strategy}
              initial={{ options: lane.options, ...(lane.budget ? { budget: lane.budget } : {}) }}
              submitLabel="Apply"
              onSubmit={(draft) => {
                updateLane(lane.id, { options: draft.options, budget: draft.budget ?? null });
                setEditing(false);
              }}
            />
          </>
        ) : (
          <div className="flex flex-col">
            <button type="button" className={MENU_ITEM} onClick={() => setEditing(true)}>
              Options…
            </button>
            <button type="button" className={MENU_ITEM} data-popover-close onClick={() => void runExport('download')} aria-label={`Download ${label} transcript`}>
              Download pruned transcript
            </button>
            <button type="button" className={MENU_ITEM} data-popover-close onClick={() => void runExport('copy')} aria-label={`Copy ${label} transcript`}>
              Copy pruned transcript
            </button>
            <button type="button" className={MENU_ITEM} data-popover-close onClick={() => setProbing(true)}>
              Ask your model what it lost…
            </button>
            <button type="button" className={MENU_ITEM} data-popover-close disabled={position === 0} onClick={() => moveLane(lane.id, -1)}>
              Move left
            </button>
            <button type="button" className={MENU_ITEM} data-popover-close disabled={position === count - 1} onClick={() => moveLane(lane.id, 1)}>
              Move right
            </button>
            <button type="button" className={cx(MENU_ITEM, 'text-rose-700 dark:text-rose-300')} disabled={count <= 1} onClick={removeAndRefocus}>
              Remove lane
            </button>
          </div>
        )}
      </Popover>
      {/* Outside the popover, which unmounts when it closes; mounted only while asked for. */}
      {probing && <ProbeDialog laneId={lane.id} label={label} open={probing} onClose={() => setProbing(false)} />}
    </>
  );
}

/** What the agent still has, in one line a lane can be compared on: the task, prompts, errors, files touched. */
function ScorecardLine({ card, stale }: { card: PlanResult['scorecard']; stale: boolean }) {
  if (card === undefined) return <p className="m-0 text-[10.5px] leading-tight text-zinc-500 dark:text-zinc-400" data-testid="scorecard">…</p>;
  const part = (label: string, kept: number, total: number) => (total === 0 ? null : `${label} ${kept}/${total}`);
  const parts = [
    card.task === undefined ? null : `task ${card.task ? '✓' : '✗'}`,
    part('prompts', card.prompts.kept, card.prompts.total),
    part('errors', card.errors.kept, card.errors.total),
    part('files', card.files.named, card.files.total),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const title =
    `${card.task === undefined ? 'No task found' : card.task ? 'The task (first prompt) is still sent' : 'The task (first prompt) is not sent'}; ` +
    `${card.prompts.kept} of ${card.prompts.total} prompts a person typed, ${card.errors.kept} of ${card.errors.total} failed tool results, ` +
    `${card.files.named} of ${card.files.total} files touched still named (by a call sent or the summary).`;
  return (
    <p
      className={cx('m-0 whitespace-normal text-[10.5px] leading-tight', card.task === false ? 'text-rose-700 dark:text-rose-300' : 'text-zinc-700 dark:text-zinc-300', stale && 'opacity-60')}
      title={title}
      data-testid="scorecard"
      data-stale={stale ? '' : undefined}
    >
      {parts.join(' · ')}
    </p>
  );
}

/** Why a lane sends more than asked: two lines, so a long reason never pushes the rows out of view; a click shows it whole. */
function OverNote({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <button
      type="button"
      aria-expanded={open}
      title={open ? undefined : text}
      onClick={() => setOpen(!open)}
      className={cx(
        'm-0 whitespace-normal rounded text-left text-[10.5px] leading-tight text-zinc-600 hover:text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-400 dark:hover:text-zinc-100',
        !open && 'line-clamp-2',
      )}
      data-testid="over-note"
    >
      {text}
    </button>
  );
}
