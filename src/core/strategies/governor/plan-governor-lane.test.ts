import { describe, expect, it } from 'vitest';
import { analyzeTranscript } from '../../plan/analyze-transcript';
import { planPrune } from '../../prune/plan-prune';
import { UNIT_TYPES } from '../../governor/constants';
import { loadMainConversation } from '../../../../test/support/load-fixture';

describe('the governor lane explains every row', () => {
  it('gives each message its unit type and the four terms of its score, the same as about(index) says', () => {
    const { messages } = loadMainConversation('spotter-session.jsonl');
    const analysis = analyzeTranscript(messages);
    const total = analysis.suffixTokens[0] as number;
    const plan = planPrune(analysis, { strategy: 'governor', maxTokens: Math.round(total / 2) });
    const cells = plan.explain?.cells;
    if (!cells) throw new Error('the governor plan has no cells');
    expect(cells.terms).toEqual(['priority', 'relevance', 'recency', 'type bonus']);
    expect(cells.tagOf).toHaveLength(messages.length);
    const seen = new Set<string>();
    for (let i = 0; i < messages.length; i++) {
      const tag = cells.tagOf[i] as number;
      expect(tag).toBeLessThan(UNIT_TYPES.length);
      seen.add(cells.tags[tag] as string);
      const about = plan.explain?.about(i);
      const type = cells.tags[tag] as string;
      expect(about?.title).toBe(`${/^[aeiou]/.test(type) ? 'An' : 'A'} ${type.replace(/_/g, ' ')} unit, score ${(cells.score[i] as number).toFixed(2)}`);
      expect(about?.facts[0]).toEqual(['priority', (cells.values[i * 4] as number).toFixed(3)]);
      for (let t = 0; t < 4; t++) expect(cells.values[i * 4 + t]).toBeGreaterThanOrEqual(0);
    }
    // A real session holds more than one kind of unit; the title's words read as English ("An error unit").
    expect(seen.size).toBeGreaterThan(3);
    const error = cells.tags.indexOf('error');
    const at = Array.from(cells.tagOf).indexOf(error);
    if (error >= 0 && at >= 0) expect(plan.explain?.about(at)?.title).toMatch(/^An error unit, /);
  });
});
