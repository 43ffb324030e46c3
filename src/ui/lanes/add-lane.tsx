import { useState } from 'react';
import { STRATEGY_REGISTRY, isStrategyId, type StrategyId } from '../../core';
import { MAX_LANES } from '../../state';
import { useInspector } from '../../state/react';
import { strategyChoices } from '../../worker/lanes';
import { Popover } from '../layout/popover';
import { cx } from '../common/format';
import { LaneOptionsForm, type LaneDraft } from './lane-options-form';

/** "Add lane": any registered strategy, with its options and, if wanted, a budget of its own. */
export function AddLaneButton() {
  const count = useInspector((s) => s.lanes.length);
  const addLane = useInspector((s) => s.addLane);
  const full = count >= MAX_LANES;
  return (
    <div className="flex items-start justify-center border-l border-zinc-200 pt-2 dark:border-zinc-800">
      <Popover
        button={<span aria-hidden="true">+</span>}
        buttonLabel="Add lane"
        title={full ? `At most ${MAX_LANES} lanes` : 'Add a lane: any strategy, with its own options'}
        buttonClassName={cx(
          'inline-flex h-7 w-7 items-center justify-center rounded-md border border-zinc-300 bg-white text-[15px] font-semibold text-zinc-700 shadow-sm hover:bg-zinc-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800',
          full && 'opacity-50',
        )}
        panelLabel="Add a lane"
        width={340}
      >
        {full ? (
          // At the limit the button still opens, to say why nothing can be added (a bare dash said it only on hover).
          <p className="m-0 text-[12.5px] text-zinc-700 dark:text-zinc-300">
            At most {MAX_LANES} lanes: remove one from its ⋯ menu to add another.
          </p>
        ) : (
          <AddLaneForm onAdd={(strategy, draft) => addLane(strategy, draft.options, draft.budget)} />
        )}
      </Popover>
    </div>
  );
}

function AddLaneForm({ onAdd }: { onAdd: (strategy: StrategyId, draft: LaneDraft) => void }) {
  const choices = strategyChoices();
  const [strategy, setStrategy] = useState<StrategyId>(choices[0]?.id ?? (STRATEGY_REGISTRY[0] as { id: StrategyId }).id);
  return (
    <div className="flex flex-col gap-2 p-1">
      <label className="flex flex-col gap-0.5 text-[12px] font-medium text-zinc-800 dark:text-zinc-200">
        Strategy
        <select
          value={strategy}
          onChange={(e) => {
            const next = e.currentTarget.value;
            if (isStrategyId(next)) setStrategy(next);
          }}
          className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-[12.5px] font-normal text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <LaneOptionsForm key={strategy} strategy={strategy} initial={{ options: {} }} submitLabel="Add lane" onSubmit={(draft) => onAdd(strategy, draft)} />
    </div>
  );
}
