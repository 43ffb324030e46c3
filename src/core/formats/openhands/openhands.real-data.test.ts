import { describe, expect, it } from 'vitest';
import { pruneRealFile, sentAsOpenHands } from '../../../../test/support/prune-real-file';

describe('OpenHands fixtures under every registered strategy', () => {
  it.each(['openhands-basic.json', 'openhands-basic-gui-mode.json', 'openhands-wrong-initial-state.json'])(
    '%s: no orphan and no API problem added; the export reads back as the same request',
    (name) => {
      expect(pruneRealFile(name, { normalize: sentAsOpenHands })).toEqual([]);
    },
  );

  it('openhands-sample.json (a condensation): no orphan and no API problem added; the export reads back, every result answering its call', () => {
    // Before and after the condensation the same events are listed twice; a strategy may keep one copy and not the
    // other, which no event stream can say: the request read back is not compared.
    expect(pruneRealFile('openhands-sample.json', { sameRequest: false })).toEqual([]);
  });
});
