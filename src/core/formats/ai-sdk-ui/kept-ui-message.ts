import type { Message } from '../../types';
import { isRecord } from '../is-record';
import { joinTextParts } from '../join-text-parts';
import { toolPartOf } from './tool-part-of';
import type { UiPieces } from './ui-message-to-pieces';

/** The states whose tool part holds a result the model is sent (see `uiMessageToPieces`). */
const ANSWERED = new Set(['output-available', 'output-error', 'output-denied', 'approval-responded']);

/**
 * An assistant `UIMessage` holding only the steps whose canonical messages were kept (`kept`: piece indices), built
 * from its own part objects: the steps' `step-start`, text, reasoning and data parts as they were. A tool part whose
 * result message was replaced (masked: `replaced`, by step) takes that content as its output; one whose result was
 * dropped goes back to `input-available`. A step in `thinkingCleared` loses its reasoning parts. A step that sends nothing stays with the step before it.
 */
export function keptUiMessage(
  record: Record<string, unknown>,
  { pieces, steps }: UiPieces,
  kept: ReadonlySet<number>,
  replaced: ReadonlyMap<number, Message>,
  thinkingCleared: ReadonlySet<number> = new Set(),
): Record<string, unknown> {
  const parts = Array.isArray(record.parts) ? (record.parts as unknown[]) : [];
  const out: unknown[] = [];
  let previousKept = false;
  steps.forEach((indices, step) => {
    const assistant = pieces.findIndex((p) => p.step === step && p.kind === 'assistant');
    const results = pieces.findIndex((p) => p.step === step && p.kind === 'results');
    const hasPieces = assistant !== -1 || results !== -1;
    const keep = hasPieces ? kept.has(assistant) : previousKept;
    if (hasPieces) previousKept = keep;
    if (!keep) return;
    const resultsKept = results !== -1 && kept.has(results);
    for (const index of indices) {
      const part = parts[index];
      if (thinkingCleared.has(step) && isRecord(part) && part.type === 'reasoning') continue;
      const tool = isRecord(part) ? toolPartOf(part) : undefined;
      if (!isRecord(part) || tool === undefined || tool.providerExecuted || results === -1 || resultsKept || !ANSWERED.has(tool.state)) {
        out.push(part);
        continue;
      }
      out.push(withResult(part, tool.toolCallId, replaced.get(step)));
    }
  });
  return { ...record, parts: out };
}

function withResult(part: Record<string, unknown>, id: string, replacement: Message | undefined): Record<string, unknown> {
  const { output: _output, errorText: _errorText, ...rest } = part;
  const block = Array.isArray(replacement?.content) ? replacement.content.find((b) => b.type === 'tool_result' && b.tool_use_id === id) : undefined;
  if (block === undefined) return rest.state === 'input-streaming' ? part : { ...rest, state: 'input-available' };
  const text = joinTextParts(block.content);
  return block.is_error === true ? { ...rest, state: 'output-error', errorText: text } : { ...rest, state: 'output-available', output: text };
}
