import type { Message } from '../../types';
import type { ValidationProblem } from '../format-types';

/**
 * Checks canonical messages as the OpenAI Responses API would check them as `input` items: each `tool_use` becomes
 * a `function_call` (its id the `call_id`), each `tool_result` a `function_call_output`, every run of text a message
 * item, in block order (as `toOpenAIResponsesItems` writes them). Server tool blocks (a `web_search_call` has no
 * call id) need no output and are ignored.
 *
 * A call must be answered by an output after it and before the next assistant message item; an output answers
 * the nearest preceding unanswered call with its id (ids may be reused within one conversation). An output that
 * arrives only after that assistant message is counted against its call alone, not reported a second time.
 * `messageIndex` points at the canonical message holding the call or output.
 *
 * Rules, with the API's texts:
 * - `openai-responses/function-call-without-output`: "No tool output found for function call ID."
 * - `openai-responses/output-without-call`: "No tool call found for function call output with call_id ID."
 */
export function validateOpenAiResponses(messages: readonly Message[]): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  // call_id → sources of calls still owed an output, nearest last.
  const open = new Map<string, number[]>();
  // call ids already reported as unanswered; a late output for one of them is not a second problem.
  const reported = new Map<string, number>();

  const closeOpen = () => {
    for (const [id, sources] of open) {
      for (const source of sources) {
        problems.push({
          messageIndex: source,
          rule: 'openai-responses/function-call-without-output',
          message: `No tool output found for function call ${id}.`,
        });
        reported.set(id, (reported.get(id) ?? 0) + 1);
      }
    }
    open.clear();
  };

  messages.forEach((message, m) => {
    const content: unknown[] = Array.isArray(message.content) ? message.content : [message.content];
    let inMessageItem = false;
    for (const raw of content) {
      const block = asRecord(raw);
      if (block?.type === 'tool_use' && typeof block.id === 'string') {
        const sources = open.get(block.id);
        if (sources) sources.push(m);
        else open.set(block.id, [m]);
        inMessageItem = false;
      } else if (block?.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        const id = block.tool_use_id;
        const sources = open.get(id);
        if (sources !== undefined && sources.length > 0) {
          sources.pop();
          if (sources.length === 0) open.delete(id);
        } else if ((reported.get(id) ?? 0) > 0) {
          reported.set(id, (reported.get(id) as number) - 1);
        } else {
          problems.push({
            messageIndex: m,
            rule: 'openai-responses/output-without-call',
            message: `No tool call found for function call output with call_id ${id}.`,
          });
        }
        inMessageItem = false;
      } else if (isMessagePart(block, raw) && !inMessageItem) {
        inMessageItem = true;
        if (message.role === 'assistant') closeOpen();
      }
    }
  });
  closeOpen();
  return problems.sort((a, b) => a.messageIndex - b.messageIndex);
}

/** Blocks that become message item content, as `toOpenAIResponsesItems` writes them: strings and text blocks. */
function isMessagePart(block: Record<string, unknown> | undefined, raw: unknown): boolean {
  if (typeof raw === 'string') return raw !== '';
  return block?.type === 'text';
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}
