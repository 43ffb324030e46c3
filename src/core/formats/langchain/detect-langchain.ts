import type { Detection, TranscriptSource } from '../format-types';
import { DETECTION_SAMPLE } from '../message-list';
import { mismatch } from '../mismatch';
import { findMessageList, recordAt } from './find-message-list';
import { messageView } from './message-view';

/**
 * LangChain messages saved as JSON: `messages_to_dict` records (`{ type, data }`), flat messages, the `lc`
 * constructor form, alone or inside a LangGraph thread state or `StateSnapshot`. Their `type` of `human` / `ai` /
 * `tool` (never a `role`) is LangChain's alone, so it reads with high confidence.
 */
export function detectLangChain(source: TranscriptSource): Detection {
  if (source.kind === 'lines') return mismatch('it is JSON Lines, and LangChain messages are saved as one JSON document');
  const found = findMessageList(source.value);
  if (found === undefined) {
    return mismatch('it holds no list of LangChain messages (`{ type: "human" | "ai" | "tool" | "system", data }`, flat messages with such a `type`, or `lc` constructors)');
  }
  const { list, where, kind } = found;
  const shapes = new Set<string>();
  for (let i = 0; i < list.length && i < DETECTION_SAMPLE; i++) {
    const view = messageView(list[i]);
    if (view === undefined) {
      // Records before it, or a LangGraph state around the list, showed LangChain's own `type`s.
      const recognised = i > 0 || kind === 'thread-state' || kind === 'snapshot' ? 'a LangChain messages file' : undefined;
      return mismatch(`${recordAt(found, i)} is not a LangChain message`, i + 1, recognised);
    }
    shapes.add(view.shape);
  }
  if (kind === 'snapshot') return { reads: true, confidence: 0.8, reason: `a LangGraph StateSnapshot written as a JSON array, its messages in ${where}` };
  if (kind === 'thread-state') return { reads: true, confidence: 0.95, reason: `a LangGraph thread state, its messages in ${where}` };
  if (shapes.size === 1 && shapes.has('dict')) return { reads: true, confidence: 0.98, reason: 'LangChain `messages_to_dict` records: `{ type, data }`' };
  if (shapes.size === 1 && shapes.has('lc')) return { reads: true, confidence: 0.95, reason: 'LangChain serialized messages (`lc` constructors)' };
  return { reads: true, confidence: 0.95, reason: 'LangChain messages with a `type` of `human`, `ai`, `tool` or `system`' };
}
