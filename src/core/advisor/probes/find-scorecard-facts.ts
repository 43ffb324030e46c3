import type { Message } from '../../types';
import type { Probe, ScorecardFacts } from './types';
import { findUserPrompts } from '../../text/find-user-prompts';
import { compactSummaryText } from '../../text/compact-summary-text';
import { filePathsOfCall } from '../../summary/file-paths-of-call';
import { shortenText } from '../../summary/shorten-text';
import { toolResultOutcome } from '../../text/tool-result-outcome';
import { findErrorFact } from './find-error-fact';

const FACT_CHARS = 120;

/**
 * Finds, once per transcript, what a scorecard checks every plan against: the task and the prompts a person typed
 * (harness text left out, `findUserPrompts`), failed tool results (`toolResultOutcome`, the timeline's rule too), and
 * the files tools read or changed; and each of them as a probe (`findProbes` draws its recall, artifact and error
 * probes from here), so the scorecard and the advisor judge a plan by one rule (`scoreProbes`). O(n) over the
 * blocks; a tool output is read only at its ends.
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

  const probes: Probe[] = [];
  const task = prompts.task;
  if (task >= 0) {
    const text = prompts.texts.get(task) ?? compactSummaryText(messages[task] as Message) ?? '';
    probes.push({ id: 'task', family: 'recall', kind: 'task', messageIndex: task, messages: [task], site: 'text', fact: shortenText(text, FACT_CHARS), weight: 3 });
  }
  for (const i of prompts.indices) {
    if (i === task) continue;
    probes.push({ id: `request:${i}`, family: 'recall', kind: 'request', messageIndex: i, messages: [i], site: 'text', fact: shortenText(prompts.texts.get(i) ?? '', FACT_CHARS), weight: 2 });
  }
  for (const [path, at] of files) {
    probes.push({ id: `file:${path}`, family: 'artifact', kind: 'file', messageIndex: at[0] as number, messages: at, site: 'call', fact: path, weight: 1 });
  }
  for (const i of errors) {
    probes.push({ id: `error:${i}`, family: 'decision', kind: 'error', messageIndex: i, messages: [i], site: 'result', fact: findErrorFact(messages[i] as Message), weight: 1 });
  }
  return { task, prompts: prompts.indices, errors, files, probes };
}
