import { readFileSync, readdirSync } from 'node:fs';
import { parseTranscript } from '../src/core/formats/parse-transcript';
import { requestText } from '../src/core/summary/request-text';
import { userPromptText } from '../src/core/governor/user-prompt-text';
import { findTaskIndex } from '../src/core/context-pruner/find-task-index';
import { findUserPrompts } from '../src/core/governor/find-user-prompts';
import { toolResultText } from '../src/core/summary/tool-result-text';
import { exitCodeOf } from '../src/core/summary/exit-code-of';
import { readToolOutput, toolResultText as previewText } from '../src/worker/preview';
import { findErrorSignal } from '../src/core/governor/find-error-signal';

for (const name of readdirSync('fixtures').filter((f) => f.endsWith('.json') || f.endsWith('.jsonl'))) {
  const parsed = parseTranscript(readFileSync(`fixtures/${name}`, 'utf8'));
  let diffs = 0, promptsA = 0, promptsB = 0, taskDiff = 0;
  const fails = { badge: 0, score: 0, gov: 0, badgeOnly: 0, scoreOnly: 0, govOnly: 0 };
  for (const c of parsed.conversations) {
    const ms = c.messages;
    ms.forEach((m, i) => {
      const a = m.role === 'user' ? requestText(m.content) : undefined;
      const b = userPromptText(m);
      if (a !== undefined) promptsA++;
      if (b !== undefined) promptsB++;
      if (a !== b && diffs++ < 3) console.log(name, i, JSON.stringify(a)?.slice(0, 150), '|||', JSON.stringify(b)?.slice(0, 150));
      if (!Array.isArray(m.content)) return;
      for (const bl of m.content as any[]) {
        if (bl?.type !== 'tool_result') continue;
        const badge = bl.is_error === true || readToolOutput(previewText(bl.content)).failed;
        const code = bl.is_error === true ? 1 : exitCodeOf(toolResultText(bl.content).slice(0, 4000));
        const score = code !== undefined && code !== 0;
        const gov = bl.is_error === true || findErrorSignal(toolResultText(bl.content)) !== undefined;
        fails.badge += +badge; fails.score += +score; fails.gov += +gov;
        if (badge && !score) { fails.badgeOnly++; if (fails.badgeOnly < 3) console.log('badgeOnly', name, i, toolResultText(bl.content).slice(0, 200)); }
        if (score && !badge) { fails.scoreOnly++; if (fails.scoreOnly < 3) console.log('scoreOnly', name, i, toolResultText(bl.content).slice(0, 200)); }
        if (gov && !score) fails.govOnly++;
      }
    });
    const t1 = findTaskIndex(ms), t2 = findUserPrompts(ms).task;
    if (t1 !== t2) { taskDiff++; if (taskDiff < 3) console.log('task', name, c.id, t1, t2); }
  }
  console.log(name, { diffs, promptsA, promptsB, taskDiff, ...fails });
}
