import type { NearMiss } from '../format-types';

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

/** Inputs prunescope does not read whose closest supported format is Anthropic Messages JSON. */
export const ANTHROPIC_NEAR_MISSES: readonly NearMiss[] = [
  {
    name: 'YAML',
    phrase: 'YAML',
    hint: 'convert it to JSON first; a list of `{ role, content }` messages then reads as Anthropic Messages (or as OpenAI Chat Completions when it has `system` or `tool` roles)',
    recognise: (input) => typeof input === 'string' && looksLikeYaml(input),
  },
];
