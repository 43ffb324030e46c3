/**
 * ai-tokenizer ships each vocabulary as a giant object literal (o200k_base: 7.7 MB of JS). Browsers parse and compile
 * that slowly: in Chromium o200k_base took 10–13 s to load and cl100k_base 3–6 s. The same data as one string handed
 * to `JSON.parse` loads in a fraction of that, because JSON has no scopes or code to compile. This plugin swaps each
 * vocabulary module, at build time, for `JSON.parse` of its data with the same exports.
 */
import { pathToFileURL } from 'node:url';

const VOCABULARY = /[\\/]ai-tokenizer[\\/]dist[\\/]encoding[\\/](claude|o200k_base|cl100k_base|p50k_base)\.js$/;

interface Vocabulary {
  name: string;
  pat_str: string;
  special_tokens: Record<string, number>;
  stringEncoder: Record<string, number>;
  binaryEncoder: Array<[Uint8Array, number]>;
  decoder: Record<string, string | Uint8Array>;
}

/** The module text that stands for one vocabulary: the same six exports, built from one JSON string. */
export async function vocabularyAsJson(file: string): Promise<string> {
  const data = (await import(pathToFileURL(file).href)) as Vocabulary;
  // The decoder also holds Uint8Arrays for tokens that are not valid UTF-8; those travel apart as byte arrays.
  const decoder: Record<string, string> = {};
  const binaryDecoder: Array<[string, number[]]> = [];
  for (const [token, value] of Object.entries(data.decoder)) {
    if (typeof value === 'string') decoder[token] = value;
    else binaryDecoder.push([token, Array.from(value)]);
  }
  const json = JSON.stringify({
    name: data.name,
    pat_str: data.pat_str,
    special_tokens: data.special_tokens,
    stringEncoder: data.stringEncoder,
    // Byte strings that are not valid UTF-8 are kept as byte arrays; JSON has no Uint8Array.
    binaryEncoder: data.binaryEncoder.map(([bytes, rank]) => [Array.from(bytes), rank]),
    decoder,
    binaryDecoder,
  });
  return [
    `const data = JSON.parse(${JSON.stringify(json)});`,
    'export const name = data.name;',
    'export const pat_str = data.pat_str;',
    'export const special_tokens = data.special_tokens;',
    'export const stringEncoder = data.stringEncoder;',
    'export const binaryEncoder = data.binaryEncoder.map((entry) => [new Uint8Array(entry[0]), entry[1]]);',
    'for (const entry of data.binaryDecoder) data.decoder[entry[0]] = new Uint8Array(entry[1]);',
    'export const decoder = data.decoder;',
    '',
  ].join('\n');
}

/** A Vite/Rollup/Rolldown plugin (no framework types, so tsdown can use it too). */
export function encodingAsJson() {
  return {
    name: 'prunescope:encoding-as-json',
    async load(id: string): Promise<string | null> {
      const file = id.split('?')[0] as string;
      return VOCABULARY.test(file) ? vocabularyAsJson(file) : null;
    },
  };
}
