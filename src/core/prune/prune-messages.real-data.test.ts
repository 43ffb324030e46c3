/**
 * The core on a real Claude Code session (fixtures/spotter-session.messages.json, MIT, (c) 2026 marot; see
 * fixtures/README.md): 278 messages, 150 tool pairs, 11 assistant turns with parallel calls.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import type { StrategyId } from '../strategies/registry';
import { pruneMessages } from './prune-messages';
import { linkToolCalls } from '../links/link-tool-calls';
import { findAddedOrphans } from '../../../test/support/find-added-orphans';
import { naivePrune } from '../../../test/support/naive-oracles';

const spotter = JSON.parse(
  readFileSync(new URL('../../../fixtures/spotter-session.messages.json', import.meta.url), 'utf8'),
) as Message[];
const STRATEGIES: StrategyId[] = ['sliding-window', 'summarize', 'importance'];

describe('spotter session (real Claude Code transcript)', () => {
  it('holds what the data README says', () => {
    expect(spotter).toHaveLength(278);
    const { pairs, orphans } = linkToolCalls(spotter);
    expect(pairs).toHaveLength(150);
    expect(orphans).toEqual([]);
  });

  it.each(STRATEGIES)('%s adds no orphan at any maxTurns from 0 to its length', (strategy) => {
    for (let maxTurns = 0; maxTurns <= spotter.length; maxTurns++) {
      const out = pruneMessages(spotter, { strategy, maxTurns });
      expect(findAddedOrphans(spotter, out), `maxTurns ${maxTurns}`).toEqual([]);
      expect(linkToolCalls(out).orphans, `maxTurns ${maxTurns}`).toEqual([]);
    }
  });

  it.each(STRATEGIES)('%s equals the naive reference at sampled bounds', (strategy) => {
    for (const maxTurns of [0, 1, 7, 50, 139, 277]) {
      expect(pruneMessages(spotter, { strategy, maxTurns })).toEqual(naivePrune(spotter, strategy, maxTurns));
    }
  });
});
