/**
 * Whether a model's requests still hold the thinking of earlier turns (a turn begins at a user message that is not only
 * tool results). Anthropic's extended-thinking docs: Claude Opus 4.5 and later Opus models, Sonnet 4.6 and later
 * Sonnet models and Claude Mythos keep every prior thinking block; earlier Opus and Sonnet models and every Haiku
 * through 4.5 keep only the current turn's, and the API strips the rest before billing. OpenAI reasoning models drop
 * reasoning items of earlier turns likewise (the Codex rollout's input falls by the previous turn's reasoning
 * tokens at each new user message). An unknown or missing model keeps everything: counting too much is the safe
 * side of a budget.
 */
export function keepsPriorThinking(model: string | undefined): boolean {
  if (typeof model !== 'string' || model.length === 0) return true;
  const name = model.toLowerCase();
  if (/^(gpt|o\d|codex)|[/:](gpt|o\d)/.test(name)) return false;
  if (!name.includes('claude')) return true;
  if (name.includes('mythos')) return true;
  const version = /(opus|sonnet|haiku)-(\d+)(?:[-.](\d)(?!\d))?|(\d+)(?:[-.](\d))?-(opus|sonnet|haiku)/.exec(name);
  if (version === null) return true;
  const family = version[1] ?? version[6];
  const major = Number(version[2] ?? version[4]);
  const minor = Number(version[3] ?? version[5] ?? 0);
  if (family === 'opus') return major > 4 || (major === 4 && minor >= 5);
  if (family === 'sonnet') return major > 4 || (major === 4 && minor >= 6);
  return major > 4;
}
