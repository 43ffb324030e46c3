import { describe, expect, it } from 'vitest';
import { jsonTextStyle } from './json-text-style';

describe('jsonTextStyle', () => {
  it('finds how non-ASCII is written past the first 4 KB, where the layout is already known', () => {
    const filler = Array.from({ length: 200 }, (_, i) => ({ role: 'user', content: `message ${i}` }));
    const escaped = JSON.stringify([...filler, { content: 'caf\u00e9' }], null, 2).replace('é', '\\u00e9');
    expect(escaped.indexOf('\\u00e9')).toBeGreaterThan(4096);
    expect(jsonTextStyle(escaped).asciiOnly).toBe(true);
    const raw = JSON.stringify([...filler, { content: 'café' }], null, 2);
    expect(jsonTextStyle(raw, true).asciiOnly).toBe(false);
  });

  it('takes the writer’s word on non-ASCII only when the text shows none', () => {
    expect(jsonTextStyle('[{"a": "x"}]').asciiOnly).toBe(false);
    expect(jsonTextStyle('[{"a": "x"}]', true).asciiOnly).toBe(true);
    expect(jsonTextStyle('[{"a": "é"}]', true).asciiOnly).toBe(false);
    expect(jsonTextStyle('[{"a": "\\u00e9"}]', false).asciiOnly).toBe(true);
  });

  it('spaces the commas of a one-line text that shows none as it spaces its colons', () => {
    expect(jsonTextStyle('[{"a": 1}]').afterComma).toBe(' ');
    expect(jsonTextStyle('[{"a":1}]').afterComma).toBe('');
    expect(jsonTextStyle('[{"a":1,"b": 2}]').afterComma).toBe('');
  });
});
