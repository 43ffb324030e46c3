import type { SummaryFacts } from './types';

/** Facts with nothing in them, each list its own array. */
export function emptySummaryFacts(): SummaryFacts {
  return {
    turns: 0,
    task: undefined,
    lists: { requests: [], filesChanged: [], filesRead: [], commands: [], errors: [], todo: [], notes: [] },
    omitted: { requests: 0, filesChanged: 0, filesRead: 0, commands: 0, errors: 0, todo: 0, notes: 0 },
  };
}
