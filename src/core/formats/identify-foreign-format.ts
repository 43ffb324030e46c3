import type { TranscriptSource } from './transcript-source';
import type { TranscriptFormat } from './types';

/** A transcript format prunescope does not read, recognised so the error can name it. */
export interface ForeignFormat {
  /** Plain name, e.g. `Gemini CLI session`. */
  name: string;
  /** The name as it reads after "looks like": `a Gemini CLI session`, `YAML`. */
  phrase: string;
  /** The supported format nearest to it. */
  closest: TranscriptFormat;
  /** How to get from this file to the closest format, for the user. */
  hint: string;
}

type Rec = Record<string, unknown>;

/** Entries looked at; these formats show their shape in their first records. */
const SAMPLE = 50;

/**
 * Recognises agent logs prunescope does not read (Gemini CLI sessions, OpenHands event streams, SWE-agent
 * trajectories, Letta agent files) and YAML, from the parsed JSON or, for text that is not JSON, from the text.
 * `undefined` when the input looks like none of them. Only asked after every supported format said no, so it never
 * takes a file away from a reader.
 */
export function identifyForeignFormat(input: TranscriptSource | string): ForeignFormat | undefined {
  if (typeof input === 'string') return looksLikeYaml(input) ? YAML : undefined;
  if (input.kind === 'lines') return undefined;
  const { value } = input;
  if (Array.isArray(value)) return isOpenHandsStream(value) ? OPENHANDS : undefined;
  if (!isRecord(value)) return undefined;
  if (isLettaAgentFile(value)) return LETTA;
  if (Array.isArray(value.trajectory) && (Array.isArray(value.history) || isRecord(value.info))) return SWE_AGENT;
  if (isGeminiSession(value)) return GEMINI;
  return undefined;
}

const YAML: ForeignFormat = {
  name: 'YAML',
  phrase: 'YAML',
  closest: 'anthropic',
  hint: 'convert it to JSON first; a list of `{ role, content }` messages then reads as Anthropic Messages (or as OpenAI Chat Completions when it has `system` or `tool` roles)',
};
const GEMINI: ForeignFormat = {
  name: 'Gemini CLI session',
  phrase: 'a Gemini CLI session',
  closest: 'openai-chat',
  hint: 'write its `messages` as `{ role, content }` messages, `user` turns with role `user` and `gemini` turns with role `assistant`',
};
const OPENHANDS: ForeignFormat = {
  name: 'OpenHands event stream',
  phrase: 'an OpenHands event stream',
  closest: 'openai-chat',
  hint: 'the messages OpenHands sends the model (as in its LLM completion logs) are Chat Completions messages, and those prunescope reads',
};
const SWE_AGENT: ForeignFormat = {
  name: 'SWE-agent trajectory (.traj)',
  phrase: 'a SWE-agent trajectory (.traj)',
  closest: 'openai-chat',
  hint: 'its `history` is a list of `{ role, content }` messages; saved on its own as a JSON array, it reads as OpenAI Chat Completions',
};
const LETTA: ForeignFormat = {
  name: 'Letta agent file (.af)',
  phrase: 'a Letta agent file (.af)',
  closest: 'openai-chat',
  hint: "each agent's `messages` are close to Chat Completions messages (`role`, `content` parts, `tool_calls`); saved on their own as a JSON array, they may read as OpenAI Chat Completions",
};

function isRecord(value: unknown): value is Rec {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Text that is not JSON and opens like a YAML document: `---`, a `%YAML` directive, `key:` or `- key:`. */
function looksLikeYaml(text: string): boolean {
  for (const raw of text.split('\n', 200)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line === '---' || line.startsWith('%YAML')) return true;
    return /^(- )?[A-Za-z_][\w.-]*:(\s|$)/.test(line);
  }
  return false;
}

/** Events with a `source` (user, agent, environment), each an `action` or an `observation`. */
function isOpenHandsStream(events: unknown[]): boolean {
  if (events.length === 0) return false;
  const sample = events.slice(0, SAMPLE);
  return sample.every((e) => isRecord(e) && typeof e.source === 'string') && sample.some((e) => isRecord(e) && ('action' in e || 'observation' in e));
}

/** Current `.af` files hold `agents`, each with `agent_type` and `llm_config`; the first version held one agent at the top. */
function isLettaAgentFile(value: Rec): boolean {
  const isAgent = (a: unknown): boolean => isRecord(a) && ('agent_type' in a || 'llm_config' in a || 'in_context_message_ids' in a);
  if (Array.isArray(value.agents) && value.agents.slice(0, SAMPLE).some(isAgent)) return true;
  return 'agent_type' in value && ('llm_config' in value || 'core_memory' in value);
}

/** `{ sessionId, projectHash, messages: [{ type: 'user' | 'gemini' | 'info' | …, content }] }`. */
function isGeminiSession(value: Rec): boolean {
  if (!Array.isArray(value.messages) || (typeof value.sessionId !== 'string' && typeof value.projectHash !== 'string')) return false;
  const sample = value.messages.slice(0, SAMPLE);
  return sample.some((m) => isRecord(m) && m.type === 'gemini') || (sample.length > 0 && sample.every((m) => isRecord(m) && typeof m.type === 'string' && !('role' in m)));
}
