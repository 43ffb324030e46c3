import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { vocabularyAsJson } from './encoding-as-json';

const require = createRequire(import.meta.url);

describe('encodingAsJson', () => {
  // The swap must be invisible to ai-tokenizer: every export equal, byte strings still Uint8Arrays.
  it.each(['claude', 'o200k_base', 'cl100k_base'])('rebuilds %s with the same six exports', async (name) => {
    const file = require.resolve(`ai-tokenizer/encoding/${name}`).replace(/\.cjs$/, '.js');
    const original = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const out = join(mkdtempSync(join(tmpdir(), 'prunescope-vocab-')), `${name}.mjs`);
    writeFileSync(out, await vocabularyAsJson(file));
    const rebuilt = (await import(pathToFileURL(out).href)) as Record<string, unknown>;
    expect(Object.keys(rebuilt).sort()).toEqual(['binaryEncoder', 'decoder', 'name', 'pat_str', 'special_tokens', 'stringEncoder']);
    for (const key of Object.keys(rebuilt)) expect(rebuilt[key], key).toEqual(original[key]);
    const firstBytes = (rebuilt.binaryEncoder as Array<[unknown, number]>)[0]?.[0];
    expect(firstBytes).toBeInstanceOf(Uint8Array);
  });
});
