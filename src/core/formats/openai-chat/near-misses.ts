import type { NearMiss, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';

type Rec = Record<string, unknown>;

/** Entries looked at; these formats show their shape in their first records. */
const SAMPLE = 50;

/** The parsed JSON object, when the input is one. */
function objectOf(input: TranscriptSource | string): Rec | undefined {
  return typeof input !== 'string' && input.kind === 'document' && isRecord(input.value) ? input.value : undefined;
}

/** Current `.af` files hold `agents`, each with `agent_type` and `llm_config`; the first version held one agent at the top. */
function isLettaAgentFile(input: TranscriptSource | string): boolean {
  const value = objectOf(input);
  if (value === undefined) return false;
  const isAgent = (a: unknown): boolean => isRecord(a) && ('agent_type' in a || 'llm_config' in a || 'in_context_message_ids' in a);
  if (Array.isArray(value.agents) && value.agents.slice(0, SAMPLE).some(isAgent)) return true;
  return 'agent_type' in value && ('llm_config' in value || 'core_memory' in value);
}


/**
 * Agent logs prunescope does not read whose closest supported format is OpenAI Chat Completions, in the order they
 * are asked. Each goes from this list when it becomes a format of its own.
 */
export const OPENAI_CHAT_NEAR_MISSES: readonly NearMiss[] = [
  {
    name: 'Letta agent file (.af)',
    phrase: 'a Letta agent file (.af)',
    hint: "each agent's `messages` are close to Chat Completions messages (`role`, `content` parts, `tool_calls`); saved on their own as a JSON array, they may read as OpenAI Chat Completions",
    recognise: isLettaAgentFile,
  },
];
