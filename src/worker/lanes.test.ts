import { describe, expect, it } from 'vitest';
import { STRATEGY_REGISTRY } from '../core';
import { defaultLanes, fidelityText, strategyChoices } from './lanes';

describe('lanes of the peers (strategies that simulate another system)', () => {
  const peers = STRATEGY_REGISTRY.filter((s) => s.fidelity !== undefined).map((s) => s.id);

  it('are offered in "Add lane" but not opened on first load', () => {
    expect(peers.length).toBeGreaterThan(0);
    const opened = defaultLanes().map((l) => l.strategy);
    for (const id of peers) {
      expect(opened).not.toContain(id);
      expect(strategyChoices().map((c) => c.id)).toContain(id);
    }
    expect(opened).toEqual(STRATEGY_REGISTRY.filter((s) => s.defaultLane !== false).map((s) => s.id));
  });

  it('say what they simulate exactly and what they approximate; our own strategies say nothing', () => {
    for (const id of peers) expect(fidelityText(id)).toMatch(/^Exact: .+\. Approximated: .+\.$/);
    expect(fidelityText('sliding-window')).toBeUndefined();
  });
});
