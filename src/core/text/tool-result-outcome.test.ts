import { describe, expect, it } from 'vitest';
import { toolResultOutcome } from './tool-result-outcome';
import { toolResultText } from './tool-result-text';

describe('toolResultOutcome: one rule for which tool results failed', () => {
  it("a result's own is_error decides when it has one", () => {
    expect(toolResultOutcome({ is_error: true, content: 'ok' })).toEqual({ failed: true, exitCode: undefined });
    expect(toolResultOutcome({ is_error: true, content: 'Exit code 1\nboom' })).toEqual({ failed: true, exitCode: 1 });
    expect(toolResultOutcome({ is_error: false, content: 'failed: 0 tests' }).failed).toBe(false);
  });

  it('without is_error, a non-zero exit code does, read at both ends of a long output; prose saying "failed" does not', () => {
    const long = `{"output":"${'x'.repeat(10_000)}","metadata":{"exit_code":2}}`;
    expect(toolResultOutcome({ content: long })).toEqual({ failed: true, exitCode: 2 });
    expect(toolResultOutcome({ content: 'Process exited with code 0' })).toEqual({ failed: false, exitCode: 0 });
    expect(toolResultOutcome({ content: 'failed because the module could not be found' }).failed).toBe(false);
    expect(toolResultOutcome({ content: 'the test failed yesterday' }).failed).toBe(false);
    expect(toolResultOutcome({ content: [{ type: 'text', text: 'Exit code: 3' }] })).toEqual({ failed: true, exitCode: 3 });
  });
});

describe('toolResultText', () => {
  it('text blocks and nested results; with `shown`, placeholders for the rest', () => {
    const content = [{ type: 'text', text: 'a' }, { type: 'image', source: {} }, { type: 'tool_result', content: [{ type: 'text', text: 'b' }] }, { type: 'document', title: 'd' }];
    expect(toolResultText(content)).toBe('a\nb');
    expect(toolResultText(content, true)).toBe('a\n[image]\nb\n{"type":"document","title":"d"}');
    expect(toolResultText('plain')).toBe('plain');
    expect(toolResultText(undefined)).toBe('');
  });
});
