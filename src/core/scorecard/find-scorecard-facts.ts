import type { Message } from '../types';
import type { ScorecardFacts } from './types';
import { findUserPrompts } from '../text/find-user-prompts';
import { filePathsOfCall } from '../summary/file-paths-of-call';
import { toolResultOutcome } from '../text/tool-result-outcome';

/**
 * Finds, once per transcript, what a scorecard checks every plan against: the task and the prompts a person typed
 * (harness text left out, `findUserPrompts`), failed tool results (`toolResultOutcome`, the timeline's rule too), and
 * the files tools read or changed. O(n) over the blocks; a tool output is read only at its ends.
 */
export function findScorecardFacts(messages: readonly Message[]): ScorecardFacts {
  const prompts = findUserPrompts(messages);
  const errors: number[] = [];
  const files = new Map<string, number[]>();
  messages.forEach((message, index) => {
    const content = message?.content;
    if (!Array.isArray(content)) return;
    let failed = false;
    for (const block of content) {
      if (block === null || typeof block !== 'object') continue;
      if (block.type === 'tool_result' && !failed) {
        failed = toolResultOutcome(block as { content?: unknown; is_error?: unknown }).failed;
      } else if (block.type === 'tool_use') {
        const call = block as { name?: unknown; input?: unknown };
        const touched = filePathsOfCall(call.name, call.input);
        for (const path of [...touched.read, ...touched.changed]) {
          const at = files.get(path);
          if (!at) files.set(path, [index]);
          else if (at[at.length - 1] !== index) at.push(index);
        }
      }
    }
    if (failed) errors.push(index);
  });
  return { task: prompts.task, prompts: prompts.indices, errors, files };
}
