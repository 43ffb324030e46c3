import { isRecord } from '../is-record';
import { messageView } from './message-view';

/** Where a file keeps its LangChain messages. */
export interface FoundList {
  list: unknown[];
  /** From the root: `[]`, `['messages']`, `['values', 'messages']`, `[0, 'messages']`. */
  path: (string | number)[];
  /** Where it is, for people: `messages`, `values.messages`, `[0].messages`; empty for a list that is the file. */
  where: string;
  /** What holds it, for detection's reason. */
  kind: 'list' | 'messages' | 'thread-state' | 'snapshot';
  /** The object around a list that is not the root (LangGraph `values`), without the list: the envelope. */
  around?: Record<string, unknown>;
}

/** How warnings and reasons name record `index` of the list: `values.messages[3]`, or `message 4` of a bare list. */
export function recordAt(found: Pick<FoundList, 'where'>, index: number): string {
  return found.where === '' ? `message ${index + 1}` : `${found.where}[${index}]`;
}

/** The key of the first list in `holder` whose first element is a LangChain message; `messages` first. */
function messageKey(holder: Record<string, unknown>): string | undefined {
  const keys = ['messages', ...Object.keys(holder).filter((key) => key !== 'messages')];
  return keys.find((key) => {
    const list = holder[key];
    return Array.isArray(list) && list.length > 0 && messageView(list[0]) !== undefined;
  });
}

/**
 * The message list of a LangChain or LangGraph file: a bare list of messages, `{ messages }`, a LangGraph thread state
 * (`{ values: { messages }, next, … }`), or a Python `StateSnapshot` written with `json.dumps` (a positional array:
 * values, next, config, …). Judged by the list's first element; undefined when there is none.
 */
export function findMessageList(value: unknown): FoundList | undefined {
  if (Array.isArray(value)) {
    if (value.length > 0 && messageView(value[0]) !== undefined) return { list: value, path: [], where: '', kind: 'list' };
    const [values, next] = value;
    if (value.length >= 6 && value.length <= 8 && isRecord(values) && Array.isArray(next) && next.every((n) => typeof n === 'string')) {
      const key = messageKey(values);
      if (key !== undefined) {
        const { [key]: list, ...around } = values;
        return { list: list as unknown[], path: [0, key], where: `[0].${key}`, kind: 'snapshot', around };
      }
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (isRecord(value.values)) {
    const key = messageKey(value.values);
    if (key !== undefined) {
      const { [key]: list, ...around } = value.values;
      return { list: list as unknown[], path: ['values', key], where: `values.${key}`, kind: 'thread-state', around };
    }
  }
  if (Array.isArray(value.messages) && value.messages.length > 0 && messageView(value.messages[0]) !== undefined) {
    return { list: value.messages, path: ['messages'], where: 'messages', kind: 'messages' };
  }
  return undefined;
}
