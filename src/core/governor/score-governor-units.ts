import type { CustomScoreWeights, CustomTypeWeights, GovernorIntent, GovernorProfile, TaskIntent } from './types';
import type { GovernorAnalysis } from './analyze-for-governor';
import { UNIT_TYPES } from './constants';
import { hashTerms } from './hash-terms';
import { resolveGovernorProfile } from './resolve-governor-profile';
import { tfidfRelevance } from './tfidf-relevance';

export interface GovernorScoreOptions {
  /** Overrides the detected intent. */
  intent?: TaskIntent;
  /**
   * What relevance is measured against. Default is the latest prompt the user typed, with the task added when that
   * prompt names fewer than three terms ("continue").
   */
  query?: string;
  /** Custom formula weights over the profile's (seed shape, plus `type_bonus`). */
  weights?: CustomScoreWeights;
  /** Custom type weights over the profile's. */
  typeWeights?: CustomTypeWeights;
}

/**
 * The score of every unit and its four terms. Each term is already weighted and divided by the sum of the weights
 * in play, so the terms of a unit add up to its score, and every term and every score is in [0, 1].
 */
export interface GovernorScores {
  intent: GovernorIntent;
  /** The profile with any custom weights laid over it. */
  profile: GovernorProfile;
  /** The query relevance was measured against ('' when there was none). */
  query: string;
  /** False when the query has no term to match: relevance is then unknown, not zero, and its weight is left out. */
  relevanceUsed: boolean;
  priority: Float64Array;
  relevance: Float64Array;
  recency: Float64Array;
  typeBonus: Float64Array;
  score: Float64Array;
  /** Unit ids by score, highest first; ties: the unit whose last message is newer first. */
  order: Int32Array;
}

/**
 * Scores every unit by the seed's formula, under the intent's profile:
 *
 *   score = (w_p · priority + w_r · relevance + w_c · recency + w_b · [a type of the unit is preserved]) / W
 *
 * - priority: the highest weight among the unit's types (a unit holding a file read and an error counts as
 *   whichever its profile values more), divided by the profile's highest type weight: in [0, 1].
 * - relevance: TF-IDF cosine between the unit and the query (`tfidfRelevance`), in [0, 1].
 * - recency: the unit's newest message index / (n − 1), in [0, 1]; 1 for a single message.
 * - W = w_p + w_r + w_c + w_b, leaving out w_r when the query has no term and w_b when the profile preserves
 *   nothing. Dividing by W keeps every score in [0, 1] whatever custom weights are given, and with the seed's
 *   weights (which sum to 1) only the bonus moves the scale.
 *
 * Depends on the query and weights, not on the budget: score once, then plan many budgets. O(n + postings of the
 * query's terms + u log u) for u units.
 *
 * @throws {TypeError | RangeError} for an unknown intent or bad weights (see `resolveGovernorProfile`), or a query
 *   that is not a string
 */
export function scoreGovernorUnits(analysis: GovernorAnalysis, options: GovernorScoreOptions = {}): GovernorScores {
  const { units, types, messages } = analysis;
  if (options.query !== undefined && typeof options.query !== 'string') {
    throw new TypeError(`planGovernor: query must be a string, got ${options.query === null ? 'null' : typeof options.query}`);
  }
  const intent: GovernorIntent =
    options.intent === undefined
      ? { ...analysis.detectedIntent, source: 'detected' }
      : { intent: options.intent, confidence: 1, evidence: ['set by the caller'], source: 'override' };
  const profile = resolveGovernorProfile(intent.intent, options.weights, options.typeWeights);

  const query = options.query ?? defaultQuery(analysis.prompts.taskText, analysis.prompts.latestText);
  const similarity = tfidfRelevance(analysis.index, query);
  const relevanceUsed = hasTerms(query);
  const { priority: wp, recency: wc } = profile.weights;
  const wr = relevanceUsed ? profile.weights.relevance : 0;
  const wb = profile.preserved.length > 0 ? profile.weights.typeBonus : 0;
  const total = wp + wr + wc + wb;
  const scale = total > 0 ? 1 / total : 0;

  // Per type bit: its weight as a share of the highest; per type mask (ten bits), the best share among its types,
  // so each unit's priority is one lookup.
  let highest = 0;
  for (const type of UNIT_TYPES) highest = Math.max(highest, profile.typeWeights[type]);
  const share = UNIT_TYPES.map((type) => (highest > 0 ? profile.typeWeights[type] / highest : 0));
  const bestShare = new Float64Array(1 << UNIT_TYPES.length);
  for (let mask = 1; mask < bestShare.length; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    bestShare[mask] = Math.max(bestShare[mask & (mask - 1)] as number, share[low] as number);
  }
  let preservedMask = 0;
  for (const type of profile.preserved) preservedMask |= 1 << UNIT_TYPES.indexOf(type);

  const count = units.count;
  const priority = new Float64Array(count);
  const relevance = new Float64Array(count);
  const recency = new Float64Array(count);
  const typeBonus = new Float64Array(count);
  const score = new Float64Array(count);
  const last = Math.max(1, messages.length - 1);
  for (let u = 0; u < count; u++) {
    const mask = types.typeMask[u] as number;
    const p = wp * scale * (bestShare[mask] as number);
    const r = wr * scale * (similarity[u] as number);
    const c = wc * scale * (messages.length === 1 ? 1 : (units.lastMember[u] as number) / last);
    const b = (mask & preservedMask) !== 0 ? wb * scale : 0;
    priority[u] = p;
    relevance[u] = r;
    recency[u] = c;
    typeBonus[u] = b;
    score[u] = Math.min(1, p + r + c + b);
  }
  return { intent, profile, query, relevanceUsed, priority, relevance, recency, typeBonus, score, order: rankUnits(score, units.lastMember, units.unitOf) };
}

function hasTerms(query: string): boolean {
  return termCount(query) > 0;
}

function termCount(text: string): number {
  const sink = { terms: new Int32Array(8), length: 0 };
  hashTerms(text, 0, Math.min(text.length, 4000), sink);
  return sink.length;
}

/**
 * The latest prompt; when it names fewer than three terms ("continue", "yes go ahead"), the task is added to it,
 * since a query of "continue" matches nothing the next reply needs and the task is what it continues.
 */
function defaultQuery(task: string, latest: string): string {
  if (latest === task || termCount(latest) >= 3) return latest;
  return `${latest}\n${task}`;
}

const ID_SPACE = 2 ** 20;
const SCORE_SCALE = 2 ** 32;

/**
 * Units by (score, newest message) descending. Packs `floor(score · 2³²) · 2²⁰ + newest message` into one float so
 * a native sort does the work (a comparator sort of 50k units costs several times more); units sharing a score
 * bucket are then put in exact order by insertion sort. Past 2²⁰ messages a comparator sort is used.
 */
function rankUnits(score: Float64Array, lastMember: Int32Array, unitOf: Int32Array): Int32Array {
  const count = score.length;
  const order = new Int32Array(count);
  const before = (a: number, b: number): boolean => {
    const diff = (score[a] as number) - (score[b] as number);
    return diff > 0 || (diff === 0 && (lastMember[a] as number) > (lastMember[b] as number));
  };
  if (unitOf.length > ID_SPACE) {
    for (let u = 0; u < count; u++) order[u] = u;
    return order.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  }
  const keys = new Float64Array(count);
  for (let u = 0; u < count; u++) {
    keys[u] = Math.floor(Math.min(Math.max(score[u] as number, 0), 1) * SCORE_SCALE) * ID_SPACE + (lastMember[u] as number);
  }
  keys.sort();
  // A unit's newest message belongs to it alone, so it names the unit.
  const bucketOf = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const key = keys[count - 1 - k] as number;
    const bucket = Math.floor(key / ID_SPACE);
    bucketOf[k] = bucket;
    order[k] = unitOf[key - bucket * ID_SPACE] as number;
  }
  // Within one bucket, exact scores may still differ below 2⁻³²: insertion sort each run of one bucket.
  let runStart = 0;
  for (let k = 1; k <= count; k++) {
    if (k < count && bucketOf[k] === bucketOf[runStart]) continue;
    for (let i = runStart + 1; i < k; i++) {
      const unit = order[i] as number;
      let j = i - 1;
      while (j >= runStart && before(unit, order[j] as number)) {
        order[j + 1] = order[j] as number;
        j--;
      }
      order[j + 1] = unit;
    }
    runStart = k;
  }
  return order;
}
