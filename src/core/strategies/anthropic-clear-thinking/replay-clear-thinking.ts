import type { Message } from '../../types';
import type { ReplayContext, ReplayPlanner } from '../../requests/replay-context';
import type { SentShapes } from '../../requests/sent-types';
import { countMessageTokens } from '../../tokens/count-message-tokens';
import { replaceToolBlocks } from '../../compaction/replace-tool-blocks';
import { startsTurn } from '../../usage/starts-turn';
import { replayMessageEdits } from '../../edits/replay-message-edits';
import { thinkingTurnsKept, type ClearThinkingSettings } from './plan-clear-thinking';

/** The messages of one context that hold thinking, in order, with their turns. */
interface ThinkingMessages {
  /** Context-relative indices of the messages holding thinking, ascending. */
  messages: number[];
  /** Per such message: its turn (the plan's count of turn starts up to it). */
  turn: number[];
  /** Per such message: 1 when it holds nothing but thinking (it is dropped with it). */
  only: number[];
  /** The turns that hold thinking, ascending, and the first message of each that holds it. */
  turns: number[];
  firstMessage: number[];
}

/**
 * Clear thinking, stateless (and so live: the API applies it), in O(log n) per request plus the messages newly
 * cleared. Within a context the turns with thinking only grow, so the first kept turn only moves forward and a
 * cleared message stays cleared: between two requests only the messages of the turns it passed change. A cleared
 * message lies in an earlier turn than the request's, so where a message counts less in later turns it is counted
 * as such, and its difference stays the same from then on (`replayMessageEdits`).
 */
export function replayClearThinking(context: ReplayContext, planner: ReplayPlanner<ClearThinkingSettings>): SentShapes {
  const { counts, counter, messages } = context;
  const keep = thinkingTurnsKept(planner.settings);
  return replayMessageEdits(context, (s) => {
    const found = thinkingMessages(context.segment(s).messages);
    let turnsSeen = 0;
    let cleared = 0;
    return ({ n }, edit) => {
      while (turnsSeen < found.turns.length && (found.firstMessage[turnsSeen] as number) < n) turnsSeen++;
      const firstKept = keep >= turnsSeen ? -Infinity : (found.turns[turnsSeen - keep] as number);
      for (; cleared < found.messages.length && (found.turn[cleared] as number) < firstKept; cleared++) {
        const m = found.messages[cleared] as number;
        // In an earlier turn than the request's: the message as the request would count it is its earlier-turn form.
        const own = counts.count(s + m, s + m + 1);
        const form = replaceToolBlocks(messages[s + m] as Message, { dropThinking: true });
        edit(m, found.only[cleared] === 1 ? -own : (countMessageTokens([form], counter)[0] as number) - own);
      }
    };
  });
}

/** The messages holding thinking (`thinking` or `redacted_thinking` blocks), read as `planClearThinking` reads them. */
function thinkingMessages(messages: readonly Message[]): ThinkingMessages {
  const found: ThinkingMessages = { messages: [], turn: [], only: [], turns: [], firstMessage: [] };
  let turn = 0;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    if (startsTurn(message)) turn++;
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    let thinking = 0;
    for (const block of message.content) {
      const type = (block as { type?: unknown } | null)?.type;
      if (type === 'thinking' || type === 'redacted_thinking') thinking++;
    }
    if (thinking === 0) continue;
    found.messages.push(i);
    found.turn.push(turn);
    found.only.push(thinking === message.content.length ? 1 : 0);
    if (found.turns[found.turns.length - 1] !== turn) {
      found.turns.push(turn);
      found.firstMessage.push(i);
    }
  }
  return found;
}
