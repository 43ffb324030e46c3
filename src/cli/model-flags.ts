import { createModelSummarizer, type ModelProtocol, type ModelSummarizer } from '../lib/index';
import { readChoice, readInteger, single, type FlagSpec, type FlagValues } from './args';
import { CliError } from './errors';

export const MODEL_PROTOCOLS: readonly ModelProtocol[] = ['anthropic', 'openai-chat', 'openai-responses'];
/** The protocol most endpoints speak (OpenAI-compatible servers: vLLM, llama.cpp, Ollama). */
export const DEFAULT_MODEL_PROTOCOL: ModelProtocol = 'openai-chat';

/** The flags of `--summarizer model`, for a command that writes summaries. */
export const MODEL_FLAG_SPECS: Record<string, FlagSpec> = {
  summarizer: { type: 'string' },
  protocol: { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'summary-timeout': { type: 'string' },
};

/** The environment variables a key is read from, first found wins: prunescope's own, then the protocol's usual one. */
export function keyVariables(protocol: ModelProtocol): string[] {
  return ['PRUNESCOPE_API_KEY', protocol === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'];
}

export const MODEL_FLAGS_HELP = `Summaries:
  --summarizer S         extractive (default: no model, nothing leaves this machine) or model: a model of your
                         own writes each inserted summary (the summarized messages are sent to it)
  --protocol P           with --summarizer model: anthropic, openai-chat or openai-responses (default
                         openai-chat, which every OpenAI-compatible server speaks: vLLM, llama.cpp, Ollama)
  --base-url URL         where the API is (default https://api.anthropic.com or https://api.openai.com/v1);
                         a local server: http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM)
  --model NAME           the model's name, as the endpoint knows it
  --summary-timeout S    seconds to wait for the model's next words (default 120); 429 and 5xx are retried
                         twice, after the wait the server asks for (up to a minute)
  The key is read from PRUNESCOPE_API_KEY, else ANTHROPIC_API_KEY (anthropic) or OPENAI_API_KEY (openai-*); a
  local server needs none. It is never taken as a flag, so it stays out of shell history and process lists.`;

/**
 * The model summarizer the flags ask for, or undefined for the extractive one. A model flag without
 * `--summarizer model` is an error, so a typo does not silently keep the summaries extractive.
 */
export function readModelSummarizer(
  command: string,
  values: FlagValues,
  env: Readonly<Record<string, string | undefined>>,
  onText?: (delta: string) => void,
): ModelSummarizer | undefined {
  const kind = readChoice(command, 'summarizer', single(command, values, 'summarizer') ?? 'extractive', ['extractive', 'model'] as const);
  const given = ['protocol', 'base-url', 'model', 'summary-timeout'].filter((flag) => values[flag] !== undefined);
  if (kind === 'extractive') {
    if (given.length > 0) throw new CliError(`${command}: --${given[0]} goes with --summarizer model`);
    return undefined;
  }
  const model = single(command, values, 'model');
  if (model === undefined || model.trim() === '') throw new CliError(`${command}: --summarizer model needs --model NAME (the model's name, as the endpoint knows it)`);
  const protocol = readChoice(command, 'protocol', single(command, values, 'protocol') ?? DEFAULT_MODEL_PROTOCOL, MODEL_PROTOCOLS);
  const baseUrl = single(command, values, 'base-url');
  const timeoutText = single(command, values, 'summary-timeout');
  const timeoutMs = timeoutText === undefined ? undefined : readInteger(command, 'summary-timeout', timeoutText, 1, 3_600) * 1000;
  const variable = keyVariables(protocol).find((name) => (env[name] ?? '') !== '');
  try {
    return createModelSummarizer({
      protocol,
      model,
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      ...(variable !== undefined ? { apiKey: env[variable] as string } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      // Streamed, so a slow local model is timed out only when it stops writing, not while it writes.
      stream: true,
      ...(onText !== undefined ? { onText } : {}),
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/^createModelSummarizer: baseUrl/, '--base-url');
    throw new CliError(`${command}: ${message}`);
  }
}
