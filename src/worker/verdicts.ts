/** What the API would say of each lane's output, beside what it says of the input, so a lane shows what pruning added. */
import { applyPrunePlan, planOutputOrigins, validateMessages, type PrunePlan } from '../core';
import type { Doc } from './doc';
import type { Verdict } from './protocol';

export function laneVerdict(d: Doc, laneId: string, key: string, plan: PrunePlan): Verdict {
  if (d.inputProblems === undefined) {
    const found = validateMessages(d.messages, d.provider);
    d.inputProblems = new Set(found.map((p) => `${p.messageIndex}\u0000${p.rule}`));
    d.inputProblemCount = found.length;
  }
  const inputProblems = d.inputProblems;
  const output = applyPrunePlan(d.messages, plan);
  const problems = validateMessages(output, d.provider);
  const origins = planOutputOrigins(plan);
  const mapped = problems.map((p) => {
    const messageIndex = origins[p.messageIndex] ?? -1;
    return {
      outputIndex: p.messageIndex,
      messageIndex,
      rule: p.rule,
      message: p.message,
      inherited: inputProblems.has(`${messageIndex}\u0000${p.rule}`),
    };
  });
  const added = mapped.filter((p) => !p.inherited);
  return {
    laneId,
    key,
    provider: d.provider,
    // New problems first: they are what pruning caused.
    problems: [...added, ...mapped.filter((p) => p.inherited)].slice(0, 50),
    problemCount: problems.length,
    addedCount: added.length,
    carriedCount: problems.length - added.length,
    inputProblemCount: d.inputProblemCount ?? inputProblems.size,
    empty: output.length === 0,
  };
}
