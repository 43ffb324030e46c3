import type { Message } from '../types';
import { CODEX_IDE_CONTEXT_PREFIX, CODEX_REQUEST_HEADING, CONTEXT_SUMMARY_MARKER, HARNESS_PREFIXES, HARNESS_TAGS } from './harness-text';

const HARNESS_ELEMENT = new RegExp(`^<(${HARNESS_TAGS.join('|')})>`);
const EMBEDDED_REMINDER = /<system-reminder>[\s\S]*?<\/system-reminder>/g;

/**
 * What the user typed in a message, or `undefined` when it holds nothing typed by a person: assistant messages,
 * messages of only tool results, and text the harness injected (`<system-reminder>`, slash-command echoes,
 * `<task-notification>`, Codex `<environment_context>`, "[Request interrupted by user]", compact summaries; see
 * `harness-text.ts`), and the summaries a `ContextPruner` writes. Codex prompts keep only the part under "## My request
 * for Codex:". Several typed text blocks are joined with a blank line. The one reader of what a person typed: the
 * scorecard, the governor, the summary and the token budget's task all use it (through `findUserPrompts`).
 */
export function userPromptText(message: Message): string | undefined {
  if (message.role !== 'user') return undefined;
  const { content } = message;
  if (typeof content === 'string') return typedPart(content);
  if (!Array.isArray(content)) return undefined;
  let joined: string | undefined;
  for (const block of content) {
    if (block === null || typeof block !== 'object' || block.type !== 'text') continue;
    const { text } = block as { text?: unknown };
    if (typeof text !== 'string') continue;
    const typed = typedPart(text);
    if (typed !== undefined) joined = joined === undefined ? typed : `${joined}\n\n${typed}`;
  }
  return joined;
}

function typedPart(text: string): string | undefined {
  let trimmed = text.trim();
  if (trimmed.includes('<system-reminder>')) trimmed = trimmed.replace(EMBEDDED_REMINDER, '').trim();
  if (trimmed.startsWith(CODEX_IDE_CONTEXT_PREFIX)) {
    const at = trimmed.indexOf(CODEX_REQUEST_HEADING);
    if (at < 0) return undefined;
    trimmed = trimmed.slice(at + CODEX_REQUEST_HEADING.length).trim();
  }
  if (trimmed === '' || HARNESS_ELEMENT.test(trimmed) || trimmed.startsWith(CONTEXT_SUMMARY_MARKER)) return undefined;
  for (const prefix of HARNESS_PREFIXES) if (trimmed.startsWith(prefix)) return undefined;
  return trimmed;
}
