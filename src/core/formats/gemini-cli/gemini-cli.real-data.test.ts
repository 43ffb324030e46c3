import { describe, expect, it } from 'vitest';
import { pruneRealFile } from '../../../../test/support/prune-real-file';

describe('Gemini CLI fixtures under every registered strategy', () => {
  it.each(['codemie-session-2025-12-01.json', 'gemini-cli-sample.json', 'gemini-cli-sample.jsonl'])(
    '%s: no orphan and no API problem added; the export reads back as the same request',
    (name) => {
      expect(pruneRealFile(name)).toEqual([]);
    },
  );
});
