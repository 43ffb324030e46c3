import type { GovernorAnalysis } from './analyze-for-governor';

/** What the budget fill needs to know of each unit's size, before any budget. */
export interface UnitMeasures {
  /** Per unit: its tokens, whole. */
  tokens: Float64Array;
  /** Per unit: the tokens of its messages that hold no tool result: what no mask can make smaller. */
  fixedTokens: Float64Array;
  /** Per unit: 1 when it holds a tool result (it is shortened by masking). */
  hasResult: Uint8Array;
  /** Per unit: 1 when it is one message with no tool block (it is shortened by a summary). */
  plain: Uint8Array;
}

/** Sizes every unit from the per-message `tokens`. O(n). */
export function measureUnits(analysis: GovernorAnalysis, tokens: ArrayLike<number>): UnitMeasures {
  const { units, groups } = analysis;
  const { scan } = groups;
  const n = units.unitOf.length;
  const measures: UnitMeasures = {
    tokens: new Float64Array(units.count),
    fixedTokens: new Float64Array(units.count),
    hasResult: new Uint8Array(units.count),
    plain: new Uint8Array(units.count).fill(1),
  };
  const resultMessage = new Uint8Array(n);
  for (const i of scan.resultIndex) resultMessage[i] = 1;
  for (let k = 0; k < scan.orphanIndex.length; k++) if (scan.orphanKind[k] === 'result') resultMessage[scan.orphanIndex[k] as number] = 1;
  for (const i of scan.useIndex) measures.plain[units.unitOf[i] as number] = 0;
  for (const i of scan.orphanIndex) measures.plain[units.unitOf[i] as number] = 0;
  for (let i = 0; i < n; i++) {
    const u = units.unitOf[i] as number;
    measures.tokens[u] = (measures.tokens[u] as number) + (tokens[i] as number);
    if (resultMessage[i] === 1) {
      measures.hasResult[u] = 1;
      measures.plain[u] = 0;
    } else {
      measures.fixedTokens[u] = (measures.fixedTokens[u] as number) + (tokens[i] as number);
    }
  }
  return measures;
}
