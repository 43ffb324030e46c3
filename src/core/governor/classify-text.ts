import type { EvidenceSink } from './types';
import { findErrorSignal } from './find-error-signal';
import { countMatches } from './count-matches';
import { DIFF_TEXT, mayHoldDiff } from './text-patterns';

/** Characters of a text read for fences and plans. */
const TEXT_HEAD = 1000;
const FENCE = /```([\w+-]*)/;
const LIST_ITEM = /^\s*(\d+[.)]|- \[[ xX]\]) /gm;
const PLAN_WORD = /\b(plan|steps?|todo|to-do|I'll|I will|we'll|we will)\b/i;
const EXAMPLE_WORD = /\b(for example|for instance|here'?s an example|example:|sample (input|output)|expected output)/i;

/** Fences, plans and examples in typed or written text; a plan narrated beside a tool call is part of the call. */
export function classifyText(
  text: string,
  found: EvidenceSink,
  role: 'user' | 'assistant',
  toolUnit: boolean,
): void {
  const head = text.length > TEXT_HEAD ? text.slice(0, TEXT_HEAD) : text;
  // indexOf finds most texts free of fences and diffs faster than any pattern can say so.
  const fence = head.includes('```') ? FENCE.exec(head) : null;
  if (fence !== null) {
    const language = fence[1] ?? '';
    if (language === 'diff' || language === 'patch') found.add('diff', '```diff block');
    else found.add('snippet', `\`\`\`${language} block`);
  } else if (!toolUnit && mayHoldDiff(head) && DIFF_TEXT.test(head)) {
    // Beside a tool call, a patch is the call's input, read as such (`apply_patch`, `Edit`).
    found.add('diff', 'unified diff');
  }
  if (!toolUnit && PLAN_WORD.test(head)) {
    const items = countMatches(LIST_ITEM, head);
    if (items >= 3) found.add('requirement', `plan (${items} steps)`);
  }
  if (role === 'user') {
    if (EXAMPLE_WORD.test(head)) found.add('example', 'example in prompt');
    const signal = findErrorSignal(text);
    if (signal !== undefined) found.add('error', `${signal} in prompt`);
  }
}
