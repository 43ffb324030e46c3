import type { NearMiss, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';

type Rec = Record<string, unknown>;

/** Entries looked at; these formats show their shape in their first records. */
const SAMPLE = 50;

/** The parsed JSON object, when the input is one. */
function objectOf(input: TranscriptSource | string): Rec | undefined {
  return typeof input !== 'string' && input.kind === 'document' && isRecord(input.value) ? input.value : undefined;
}

/** Events with a `source` (user, agent, environment), each an `action` or an `observation`. */
function isOpenHandsStream(input: TranscriptSource | string): boolean {
  if (typeof input === 'string' || input.kind !== 'document' || !Array.isArray(input.value)) return false;
  const events: unknown[] = input.value;
  if (events.length === 0) return false;
  const sample = events.slice(0, SAMPLE);
  return sample.every((e) => isRecord(e) && typeof e.source === 'string') && sample.some((e) => isRecord(e) && ('action' in e || 'observation' in e));
}

/** Current `.af` files hold `agents`, each with `agent_type` and `llm_config`; the first version held one agent at the top. */
function isLettaAgentFile(input: TranscriptSource | string): boolean {
  const value = objectOf(input);
  if (value === undefined) return false;
  const isAgent = (a: unknown): boolean => isRecord(a) && ('agent_type' in a || 'llm_config' in a || 'in_context_message_ids' in a);
  if (Array.isArray(value.agents) && value.agents.slice(0, SAMPLE).some(isAgent)) return true;
  return 'agent_type' in value && ('llm_config' in value || 'core_memory' in value);
}

/** `{ sessionId, projectHash, messages: [{ type: 'user' | 'gemini' | 'info' | …, content }] }`. */
function isGeminiSession(input: TranscriptSource | string): boolean {
  const value = objectOf(input);
  if (value === undefined) return false;
  if (!Array.isArray(value.messages) || (typeof value.sessionId !== 'string' && typeof value.projectHash !== 'string')) return false;
  const sample = value.messages.slice(0, SAMPLE);
  return sample.some((m) => isRecord(m) && m.type === 'gemini') || (sample.length > 0 && sample.every((m) => isRecord(m) && typeof m.type === 'string' && !('role' in m)));
}

/**
 * Agent logs prunescope does not read whose closest supported format is OpenAI Chat Completions, in the order they
 * are asked. Each goes from this list when it becomes a format of its own.
 */
export const OPENAI_CHAT_NEAR_MISSES: readonly NearMiss[] = [
  {
    name: 'OpenHands event stream',
    phrase: 'an OpenHands event stream',
    hint: 'the messages OpenHands sends the model (as in its LLM completion logs) are Chat Completions messages, and those prunescope reads',
    recognise: isOpenHandsStream,
  },
  {
    name: 'Letta agent file (.af)',
    phrase: 'a Letta agent file (.af)',
    hint: "each agent's `messages` are close to Chat Completions messages (`role`, `content` parts, `tool_calls`); saved on their own as a JSON array, they may read as OpenAI Chat Completions",
    recognise: isLettaAgentFile,
  },
  {
    name: 'Gemini CLI session',
    phrase: 'a Gemini CLI session',
    hint: 'write its `messages` as `{ role, content }` messages, `user` turns with role `user` and `gemini` turns with role `assistant`',
    recognise: isGeminiSession,
  },
];
