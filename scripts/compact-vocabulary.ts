/**
 * ai-tokenizer ships each vocabulary as a giant object literal (o200k_base: 7.7 MB of JS) holding every token twice,
 * once in the encoder (token → rank) and once in the decoder (rank → token). Browsers parse and compile that slowly
 * (o200k_base took 10–13 s in Chromium); as `JSON.parse` of one string it still weighed 8.2 MB and took 0.7 s in Node.
 *
 * This plugin swaps each vocabulary module, at build time, for `JSON.parse` of one array of the tokens in rank order
 * (a token's rank is its position; the few ranks of special tokens and byte strings hold ''), and a loop over it
 * builds the encoder and the decoder with the same exports as before: o200k_base is 2.5 MB and loads in about 60% of
 * the time. One string of length-prefixed tokens would be 1.7 MB, but keys sliced out of it took longer to insert
 * (V8 internalizes the short strings `JSON.parse` makes as it reads them; a slice is internalized on insertion).
 *
 * The encoder has no prototype: ai-tokenizer looks pieces up with `encoder[piece]`, and on an ordinary object a
 * piece such as `valueOf` found `Object.prototype.valueOf` and was counted as one token.
 */
import { pathToFileURL } from 'node:url';

const VOCABULARY = /[\\/]ai-tokenizer[\\/]dist[\\/]encoding[\\/](claude|o200k_base|cl100k_base)\.js$/;

interface Vocabulary {
  name: string;
  pat_str: string;
  special_tokens: Record<string, number>;
  stringEncoder: Record<string, number>;
  binaryEncoder: Array<[Uint8Array, number]>;
  decoder: Record<string, string | Uint8Array>;
}

/** The module text that stands for one vocabulary: the same six exports, built from one array of its tokens. */
export async function compactVocabularyModule(file: string): Promise<string> {
  const data = (await import(pathToFileURL(file).href)) as Vocabulary;
  const byRank: Array<string | Uint8Array | undefined> = [];
  const place = (rank: number, token: string | Uint8Array): void => {
    if (byRank[rank] !== undefined) throw new Error(`${file}: rank ${rank} is held by two tokens`);
    byRank[rank] = token;
  };
  for (const [token, rank] of Object.entries(data.stringEncoder)) place(rank, token);
  for (const [bytes, rank] of data.binaryEncoder) place(rank, bytes);
  const tokens = Array.from(byRank, (token) => (typeof token === 'string' ? token : ''));
  // The decoder is rebuilt from the encoder, so it must hold nothing else.
  if (Object.keys(data.decoder).length !== byRank.filter((token) => token !== undefined).length) {
    throw new Error(`${file}: the decoder is not the encoder's inverse`);
  }
  for (const [rank, token] of Object.entries(data.decoder)) {
    const encoded = byRank[Number(rank)];
    const same = typeof token === 'string' ? token === encoded : encoded instanceof Uint8Array && token.join() === encoded.join();
    if (!same) throw new Error(`${file}: the decoder's rank ${rank} is not the encoder's`);
  }
  // Byte strings that are not valid UTF-8, in ai-tokenizer's order (it binary-searches them).
  const binary = data.binaryEncoder.map(([bytes, rank]) => [rank, Array.from(bytes)]);
  return [
    `const tokens = JSON.parse(${JSON.stringify(JSON.stringify(tokens))});`,
    `const binary = ${JSON.stringify(binary)};`,
    `export const name = ${JSON.stringify(data.name)};`,
    `export const pat_str = ${JSON.stringify(data.pat_str)};`,
    `export const special_tokens = ${JSON.stringify(data.special_tokens)};`,
    'export const stringEncoder = Object.create(null);',
    'export const decoder = new Array(tokens.length);',
    'for (let rank = 0; rank < tokens.length; rank++) {',
    '  const token = tokens[rank];',
    "  if (token === '') continue;",
    '  stringEncoder[token] = rank;',
    '  decoder[rank] = token;',
    '}',
    'export const binaryEncoder = binary.map((entry) => {',
    '  const bytes = new Uint8Array(entry[1]);',
    '  decoder[entry[0]] = bytes;',
    '  return [bytes, entry[0]];',
    '});',
    '',
  ].join('\n');
}

/** A Vite/Rollup/Rolldown plugin (no framework types, so tsdown can use it too). */
export function compactVocabulary() {
  return {
    name: 'prunescope:compact-vocabulary',
    async load(id: string): Promise<string | null> {
      const file = id.split('?')[0] as string;
      return VOCABULARY.test(file) ? compactVocabularyModule(file) : null;
    },
  };
}
