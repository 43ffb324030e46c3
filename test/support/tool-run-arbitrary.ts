import fc from 'fast-check';

/** One tool call of a generated agent run, and what became of it. */
export interface RunCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  /** Absent: the call was never answered (the run stopped, or it awaits approval). */
  result?: { kind: 'text' | 'json' | 'error' | 'denied'; value: string };
  /** The call needed the user's approval. */
  approval?: boolean;
}

export interface RunStep {
  reasoning?: string;
  text?: string;
  calls: RunCall[];
}

export interface RunTurn {
  user: string;
  steps: RunStep[];
}

/**
 * An agent run with the oddities real logs have, to be written in any format: call ids drawn from a pool of three, so
 * later steps reuse them (SWE-agent replays, tau-bench); calls left without a result, anywhere (a crash, a pending
 * approval); denied approvals; errors; empty and `null`-ish values (`{}` inputs, `"null"` outputs); parallel calls.
 * Ids are unique within a step, as every API requires.
 */
export const toolRun: fc.Arbitrary<RunTurn[]> = (() => {
  const words = fc.constantFrom('ls src', 'read the test', 'why does it fail?', 'Fixed. °C', 'ok', 'it returned -0 for []', 'x'.repeat(300));
  const value = fc.constantFrom('null', '', 'error: ENOENT', '{"tempC":14}', 'line 1\nline 2\n', 'y'.repeat(500));
  const result = fc.option(
    fc.record({ kind: fc.constantFrom('text' as const, 'json' as const, 'error' as const, 'denied' as const), value }),
    { nil: undefined, freq: 4 },
  );
  const call = (id: string) =>
    fc.record({ id: fc.constant(id), name: fc.constantFrom('read_file', 'run', 'search'), input: fc.constantFrom({}, { path: 'a.ts' }, { q: null }), result, approval: fc.boolean() }, { requiredKeys: ['id', 'name', 'input'] });
  const calls = fc.uniqueArray(fc.constantFrom('call_a', 'call_b', 'call_c'), { maxLength: 3 }).chain((ids) => fc.tuple(...ids.map(call)));
  const step = fc.record({ reasoning: words, text: words, calls }, { requiredKeys: ['calls'] }).filter((s) => s.calls.length > 0 || s.text !== undefined);
  const turn = fc.record({ user: words, steps: fc.array(step, { minLength: 1, maxLength: 4 }) });
  return fc.array(turn, { minLength: 1, maxLength: 3 }) as fc.Arbitrary<RunTurn[]>;
})();
