import type { Message } from '../types';
import type { ScorecardFacts } from './types';
import { findUserPrompts } from '../governor/find-user-prompts';
import { filePathsOfCall } from '../summary/file-paths-of-call';
import { toolResultText } from '../summary/tool-result-text';
import { exitCodeOf } from '../summary/exit-code-of';

/**
 * Finds, once per transcript, what a scorecard checks every plan against: the task and the prompts a person typed
 * (harness text left out), failed tool results, and the files tools read or changed. O(n) over the blocks; a tool
 * output is read only as far as `exitCodeOf` needs.
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
        const code = block.is_error === true ? 1 : exitCodeOf(toolResultText((block as { content?: unknown }).content).slice(0, 4_000));
        failed = code !== undefined && code !== 0;
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
