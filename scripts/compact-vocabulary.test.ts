import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Tokenizer } from 'ai-tokenizer';
import { describe, expect, it } from 'vitest';
import { compactVocabularyModule } from './compact-vocabulary';

const require = createRequire(import.meta.url);
const NAMES = ['claude', 'o200k_base', 'cl100k_base'] as const;
type Data = ConstructorParameters<typeof Tokenizer>[0];

const loaded = new Map<string, Promise<{ original: Data; rebuilt: Data; moduleBytes: number }>>();
const both = (name: string) => loaded.get(name) ?? loaded.set(name, load(name)).get(name)!;

async function load(name: string): Promise<{ original: Data; rebuilt: Data; moduleBytes: number }> {
  const file = require.resolve(`ai-tokenizer/encoding/${name}`).replace(/\.cjs$/, '.js');
  const original = (await import(pathToFileURL(file).href)) as Data;
  const out = join(mkdtempSync(join(tmpdir(), 'prunescope-vocab-')), `${name}.mjs`);
  const text = await compactVocabularyModule(file);
  writeFileSync(out, text);
  return { original, rebuilt: (await import(pathToFileURL(out).href)) as Data, moduleBytes: Buffer.byteLength(text) };
}

// Real text of every kind the counter meets: prose, code, JSON, non-Latin scripts and emoji.
const SAMPLES = [
  readFileSync(new URL('../fixtures/spotter-short.jsonl', import.meta.url), 'utf8'),
  readFileSync(new URL('../fixtures/codex-rollout-agentcmd-2025-09-24.jsonl', import.meta.url), 'utf8').slice(0, 200_000),
  'Grüße aus Köln — 東京の天気は晴れ; Привет! 🎉👩‍💻 \u0000\u0007 tab\tend',
];

describe('compactVocabulary', () => {
  // The swap must be invisible to ai-tokenizer: every export equal, byte strings still Uint8Arrays.
  it.each(NAMES)('rebuilds %s with the same six exports, in at most 2.5 MB (o200k_base was 8.2 MB)', async (name) => {
    const { original, rebuilt, moduleBytes } = await both(name);
    expect(Object.keys(rebuilt).sort()).toEqual(['binaryEncoder', 'decoder', 'name', 'pat_str', 'special_tokens', 'stringEncoder']);
    expect(rebuilt.name).toBe(original.name);
    expect(rebuilt.pat_str).toBe(original.pat_str);
    expect(rebuilt.special_tokens).toEqual(original.special_tokens);
    const byRank = (encoder: Record<string, number>) => Object.entries(encoder).sort((a, b) => a[1] - b[1]);
    expect(byRank(rebuilt.stringEncoder)).toEqual(byRank(original.stringEncoder));
    expect(Object.getPrototypeOf(rebuilt.stringEncoder)).toBeNull();
    expect(rebuilt.binaryEncoder).toEqual(original.binaryEncoder);
    expect(rebuilt.binaryEncoder[0]?.[0]).toBeInstanceOf(Uint8Array);
    const decoder = rebuilt.decoder as unknown as ReadonlyArray<string | Uint8Array>;
    expect(Object.keys(decoder)).toHaveLength(Object.keys(original.decoder).length);
    for (const [rank, token] of Object.entries(original.decoder)) expect(decoder[Number(rank)], rank).toEqual(token);
    expect(moduleBytes).toBeLessThanOrEqual(2_500_000);
  });

  it.each(NAMES)('%s: a tokenizer over the rebuilt vocabulary encodes and decodes as over the original', async (name) => {
    const { original, rebuilt } = await both(name);
    const before = new Tokenizer(original);
    const after = new Tokenizer(rebuilt);
    for (const text of SAMPLES) {
      const tokens = after.encode(text, 'all');
      expect(tokens).toEqual(before.encode(text, 'all'));
      expect(after.decode(tokens)).toBe(text);
    }
  });

  // ai-tokenizer looks a short text up as a whole first; on an object with a prototype `valueOf` found
  // Object.prototype.valueOf and counted as one token.
  it('counts the names of Object.prototype as text, not as one token', async () => {
    const { original, rebuilt } = await both('o200k_base');
    expect(new Tokenizer(original).encode('valueOf', 'all')).toHaveLength(1);
    const after = new Tokenizer(rebuilt);
    expect(after.encode('valueOf', 'all')).toEqual([...after.encode('value', 'all'), ...after.encode('Of', 'all')]);
    expect(after.encode('valueOf', 'all').every((token) => typeof token === 'number')).toBe(true);
  });
});
