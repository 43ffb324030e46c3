import { describe, expect, it } from 'vitest';
import type { Message } from '../../types';
import { pruneRealFile } from '../../../../test/support/prune-real-file';

const ERROR_LINE = '\n[Error occurred in processing last action]';

/** OpenHands sends an error observation with its error line: a masked error result reads back with it. */
const sentAsOpenHands = (messages: Message[]): Message[] =>
  messages.map((m) =>
    typeof m.content === 'string'
      ? m
      : { ...m, content: m.content.map((b) => (b.type === 'tool_result' && b.is_error === true && typeof b.content === 'string' && !b.content.endsWith(ERROR_LINE) ? { ...b, content: `${b.content}${ERROR_LINE}` } : b)) },
  );

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
