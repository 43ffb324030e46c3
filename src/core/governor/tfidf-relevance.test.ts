import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { groupMessages } from '../links/group-messages';
import { buildContextUnits } from './build-context-units';
import { buildTfidfIndex } from './build-tfidf-index';
import { tfidfRelevance } from './tfidf-relevance';
import { hashTerms, type TermSink } from './hash-terms';
import { assistant, toolResult, toolUse, user } from '../../../test/support/build-messages';
import { naiveTfidfCosines } from '../../../test/support/naive-tfidf';

const terms = (text: string, start = 0, end = text.length): number[] => {
  const sink: TermSink = { terms: new Int32Array(2), length: 0 };
  hashTerms(text, start, end, sink);
  return Array.from(sink.terms.subarray(0, sink.length));
};

function relevance(messages: Message[], query: string): number[] {
  const units = buildContextUnits(groupMessages(messages));
  return Array.from(tfidfRelevance(buildTfidfIndex(messages, units), query));
}

describe('hashTerms', () => {
  it('splits camelCase, snake_case and paths, lowercases, merges a plural, and skips stopwords and single letters', () => {
    expect(terms('TeamSheet')).toEqual([...terms('team'), ...terms('sheet')]);
    expect(terms('teams')).toEqual(terms('team'));
    expect(terms('TEAMS')).toEqual(terms('team'));
    expect(terms('use_team_sheet src/team.ts')).toEqual([...terms('use'), ...terms('team'), ...terms('sheet'), ...terms('src'), ...terms('team'), ...terms('ts')]);
    expect(terms('class')).not.toEqual(terms('clas'));
    expect(terms('the a of x')).toEqual([]);
  });

  it('reads only [start, end)', () => {
    expect(terms('alpha beta gamma', 6, 10)).toEqual(terms('beta'));
  });

  it('grows its buffer and is deterministic', () => {
    const text = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' ');
    expect(terms(text)).toHaveLength(500);
    expect(terms(text)).toEqual(terms(text));
  });
});

describe('tfidfRelevance', () => {
  it('ranks the unit that shares the rare query terms first, and a unit sharing none at 0', () => {
    const scores = relevance(
      [
        user('Why do we need stats for the team?'),
        assistant('The TeamSheet reads team stats from getTeamsWithStats.'),
        assistant('Lint passes.'),
        { role: 'assistant', content: [toolUse('t1', 'Read', { file_path: 'src/teams/useTeamsWithStats.ts' })] },
        { role: 'user', content: [toolResult('t1', 'export function useTeamsWithStats() {}')] },
      ],
      'team stats',
    );
    expect(scores[2]).toBe(0);
    expect(scores[1]).toBeGreaterThan(0.3);
    expect(scores[3]).toBeGreaterThan(0.3);
    expect(scores[0]).toBeGreaterThan(0);
  });

  it('is all zeros for a query with no term', () => {
    expect(relevance([user('hello world')], 'the a of ?')).toEqual([0]);
  });

  it('gives 1 to a unit identical to the query', () => {
    expect(relevance([user('parse the rollout'), user('render the timeline')], 'render the timeline')[1]).toBeCloseTo(1, 6);
  });

  it('equals the naive cosine on short texts, in [0, 1]', () => {
    const word = fc.constantFrom('team', 'teams', 'stats', 'TeamSheet', 'parse', 'error', 'the', 'flight', 'x', 'Sheet', 'load');
    const text = fc.array(word, { maxLength: 12 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 12 }), text, (documents, query) => {
        const fast = relevance(documents.map((d) => user(d)), query);
        const naive = naiveTfidfCosines(documents, query);
        fast.forEach((score, u) => {
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(1);
          expect(score).toBeCloseTo(naive[u] as number, 5);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('reads a bounded prefix of each text: a term past 256 characters is not indexed', () => {
    const long = `${'filler '.repeat(200)} needle`;
    expect(relevance([user(long), user('needle')], 'needle')[0]).toBe(0);
  });
});
