import type { CacheRules } from './types';

/** Anthropic keeps an entry 5 minutes from its last use (the default `ephemeral` TTL). */
const ANTHROPIC_TTL_MS = 5 * 60_000;
/** OpenAI: "5 to 10 minutes of inactivity, up to an hour off-peak"; the longer end, since a miss is not certain. */
const OPENAI_TTL_MS = 10 * 60_000;

/**
 * How the provider of `model` caches a prompt prefix, from the model's name alone (a table id such as
 * `anthropic/claude-sonnet-4.5`, or what a transcript names: `claude-opus-4-6`, `gpt-5-codex`).
 *
 * - Anthropic (`claude`, `anthropic/…`): exact prefix up to a breakpoint, 5-minute TTL, nothing cached below the
 *   model's minimum: 4,096 tokens for Opus 4.5 and 4.6 and Haiku 4.5, 2,048 for Haiku 3 and 3.5, 1,024 otherwise
 *   (Anthropic's prompt-caching docs).
 * - Everything else is priced as OpenAI caches: automatic for prompts of 1,024 tokens or more, in 128-token steps,
 *   no write charge. Other providers that cache automatically (Gemini, Grok, DeepSeek) work alike, close enough for
 *   an estimate; a caller who knows better passes its own rules.
 */
export function cacheRulesFor(model: string): CacheRules {
  if (typeof model !== 'string') throw new TypeError(`cacheRulesFor: model must be a string, got ${typeof model}`);
  const name = model.toLowerCase();
  if (name.startsWith('anthropic/') || name.includes('claude')) {
    return { provider: 'anthropic', minTokens: anthropicMinimum(name), ttlMs: ANTHROPIC_TTL_MS };
  }
  return { provider: 'openai', minTokens: 1024, step: 128, ttlMs: OPENAI_TTL_MS };
}

function anthropicMinimum(name: string): number {
  const version = /(opus|sonnet|haiku)-(\d+)(?:[-.](\d)(?!\d))?|(\d+)(?:[-.](\d))?-(opus|sonnet|haiku)/.exec(name);
  if (version === null) return 1024;
  const family = version[1] ?? version[6];
  const major = Number(version[2] ?? version[4]);
  const minor = Number(version[3] ?? version[5] ?? 0);
  if (family === 'haiku') return major === 4 && minor >= 5 ? 4096 : major < 4 ? 2048 : 1024;
  if (family === 'opus' && major === 4 && minor >= 5) return 4096;
  return 1024;
}
