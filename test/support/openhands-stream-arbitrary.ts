import fc from 'fast-check';

/**
 * Generated OpenHands (V0) event streams with what real ones hold: a system action, user messages (one with an
 * image), model responses of one to three parallel calls whose observations come back in any order (a command's
 * output between its prefix and suffix, an editor error), agent state changes between events, calls left without
 * an observation when the run stopped, call ids reused by a later response (`call_0`, as some providers number
 * them), agent messages, and a `finish` call that no observation answers; condensations forget whole turns (by id
 * range or by list, with a summary at `summary_offset` or none) after a condensation request. `text` is the file as
 * OpenHands writes a trajectory: `JSON.stringify(events, null, 2)` and a final newline, or an evaluation's
 * `{ instance_id, history }` output when `envelope`.
 */
export interface OpenHandsStreamCase {
  text: string;
  envelope: boolean;
  /** Condensation events in the stream. */
  condensations: number;
  /** Whether it ends on a `finish` call. */
  finished: boolean;
}

type Rec = Record<string, unknown>;

const words = fc.constantFrom('Why does the build fail?', 'Looking at the tests.', 'ok', 'y'.repeat(400), 'naïve ☕', 'two\nlines');
const output = fc.constantFrom('package.json\nsrc', '', 'z'.repeat(1500), "error TS2304: Cannot find name 'foo'.");
const tool = fc.constantFrom(
  { name: 'execute_bash', action: 'run', args: (n: number) => ({ command: `ls ${n}` }) },
  { name: 'str_replace_editor', action: 'read', args: (n: number) => ({ command: 'view', path: `/workspace/f${n}.ts` }) },
);

interface CallPlan {
  tool: { name: string; action: string; args: (n: number) => Rec };
  output: string;
  error: boolean;
  /** Observed, or left without one (the run stopped). */
  observed: boolean;
}

const callPlan = fc.record({ tool, output, error: fc.boolean(), observed: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) });

type Turn =
  | { kind: 'user'; text: string; image: boolean }
  | { kind: 'agent'; text: string }
  | { kind: 'calls'; text: string; calls: CallPlan[]; order: number[]; reuseIds: boolean; usage: number }
  | { kind: 'condense'; from: number; count: number; summary: string | null; byList: boolean };

const turn: fc.Arbitrary<Turn> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('user' as const), text: words, image: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('agent' as const), text: words }) },
  {
    weight: 5,
    arbitrary: fc
      .array(callPlan, { minLength: 1, maxLength: 3 })
      .chain((calls) =>
        fc.record({
          kind: fc.constant('calls' as const),
          text: fc.oneof(fc.constant(''), words),
          calls: fc.constant(calls),
          order: fc.shuffledSubarray(calls.map((_, k) => k), { minLength: calls.length, maxLength: calls.length }),
          reuseIds: fc.boolean(),
          usage: fc.nat({ max: 20_000 }),
        }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('condense' as const), from: fc.nat({ max: 4 }), count: fc.integer({ min: 1, max: 3 }), summary: fc.option(words, { nil: null }), byList: fc.boolean() }),
  },
);

export const openHandsStreamCase: fc.Arbitrary<OpenHandsStreamCase> = fc
  .record({ first: words, turns: fc.array(turn, { minLength: 1, maxLength: 10 }), finish: fc.boolean(), envelope: fc.boolean(), states: fc.boolean() })
  .map(({ first, turns, finish, envelope, states }) => {
    const events: Rec[] = [];
    let id = 0;
    let responses = 0;
    let calls = 0;
    const stamp = (): string => new Date(Date.UTC(2025, 5, 1, 10, 0, id)).toISOString().replace('Z', '001');
    const add = (event: Rec): Rec => {
      const e = { id: id, timestamp: stamp(), ...event };
      id++;
      events.push(e);
      return e;
    };
    /** The ids of each turn's events that a condensation may forget (the first user message and the system stay). */
    const turnIds: number[][] = [];
    let condensations = 0;

    add({ source: 'agent', message: 'You are OpenHands agent...', action: 'system', args: { content: 'You are OpenHands agent, a helpful AI assistant.', tools: [], openhands_version: '0.40.0', agent_class: 'CodeActAgent' } });
    add({ source: 'user', message: first, action: 'message', args: { content: first, file_urls: null, image_urls: null, wait_for_response: false } });
    const state = (agentState: string): void => {
      if (states) add({ source: 'environment', message: '', observation: 'agent_state_changed', content: '', extras: { agent_state: agentState, reason: '' } });
    };
    state('running');

    const response = (text: string, planned: { id: string; name: string; args: Rec }[], usage: number): Rec => ({
      id: `chatcmpl-r${++responses}`,
      created: 1748772000 + responses,
      model: 'claude-sonnet-4-20250514',
      object: 'chat.completion',
      choices: [
        {
          finish_reason: 'tool_calls',
          index: 0,
          message: {
            content: text === '' ? null : text,
            role: 'assistant',
            tool_calls: planned.map((c, k) => ({ index: k + 1, function: { arguments: JSON.stringify(c.args), name: c.name }, id: c.id, type: 'function' })),
          },
        },
      ],
      usage: { completion_tokens: 40, prompt_tokens: usage, total_tokens: usage + 40 },
    });

    for (const t of turns) {
      const start = id;
      if (t.kind === 'user') {
        add({ source: 'user', message: t.text, action: 'message', args: { content: t.text, file_urls: null, image_urls: t.image ? ['data:image/png;base64,iVBORw0KGgo='] : null, wait_for_response: false } });
      } else if (t.kind === 'agent') {
        add({ source: 'agent', message: t.text, action: 'message', args: { content: t.text, image_urls: null, wait_for_response: true } });
      } else if (t.kind === 'calls') {
        const planned = t.calls.map((c, k) => ({ id: t.reuseIds ? `call_${k}` : `toolu_${String(++calls).padStart(3, '0')}`, name: c.tool.name, args: c.tool.args(k), plan: c }));
        const model = response(t.text, planned, t.usage);
        const actions = planned.map((c) =>
          add({
            source: 'agent',
            message: `${c.plan.tool.action}: ${JSON.stringify(c.args)}`,
            action: c.plan.tool.action,
            tool_call_metadata: { function_name: c.name, tool_call_id: c.id, model_response: model, total_calls_in_response: planned.length },
            args: { ...c.args, thought: '' },
          }),
        );
        for (const k of t.order) {
          const c = planned[k]!;
          if (!c.plan.observed) continue;
          const metadata = { function_name: c.name, tool_call_id: c.id, model_response: { ...model, choices: [] }, total_calls_in_response: planned.length };
          const cause = actions[k]!.id;
          if (c.plan.error) add({ source: 'agent', message: '', cause, observation: 'error', tool_call_metadata: metadata, content: `Invalid \`path\` parameter: ${c.id}.`, extras: { error_id: '' } });
          else {
            add({
              source: 'agent',
              message: `Command executed with exit code 0.`,
              cause,
              observation: 'run',
              tool_call_metadata: metadata,
              content: c.plan.output,
              extras: { command: 'ls', metadata: { exit_code: 0, pid: -1, prefix: '', suffix: '\n[The command completed with exit code 0.]' }, hidden: false },
              success: true,
            });
          }
        }
        // A call with no observation ends what the model saw of the run: the stream stops there.
        if (t.calls.some((c) => !c.observed)) break;
      } else {
        // Forget whole turns, as OpenHands' condensers do (never an action without its observation).
        const forgotten = turnIds.slice(t.from, t.from + t.count).flat();
        if (forgotten.length === 0) continue;
        add({ source: 'environment', message: '', action: 'condensation_request', args: {} });
        const lo = Math.min(...forgotten);
        const hi = Math.max(...forgotten);
        const range = turnIds.flat().filter((x) => x >= lo && x <= hi);
        add({
          source: 'agent',
          message: t.summary === null ? 'Condensed' : `Summary: ${t.summary}`,
          action: 'condensation',
          args: {
            forgotten_event_ids: t.byList ? range : null,
            forgotten_events_start_id: t.byList ? null : lo,
            forgotten_events_end_id: t.byList ? null : hi,
            summary: t.summary,
            summary_offset: t.summary === null ? null : 1,
          },
        });
        condensations++;
        turnIds.splice(0, turnIds.length, ...turnIds.map((ids) => ids.filter((x) => x < lo || x > hi)).filter((ids) => ids.length > 0));
        continue;
      }
      turnIds.push(events.slice(events.findIndex((e) => e.id === start)).map((e) => e.id as number));
    }
    const last = events[events.length - 1];
    const stopped = last !== undefined && typeof last.action === 'string' && last.action !== 'message' && last.action !== 'system';
    const finished = finish && !stopped;
    if (finished) {
      const planned = [{ id: `toolu_${String(++calls).padStart(3, '0')}`, name: 'finish', args: { message: 'Done.' } }];
      const model = response('', planned, 900);
      add({
        source: 'agent',
        message: 'Done.',
        action: 'finish',
        tool_call_metadata: { function_name: 'finish', tool_call_id: planned[0]!.id, model_response: model, total_calls_in_response: 1 },
        args: { final_thought: 'Done.', outputs: {}, thought: '' },
      });
    }
    state(finished ? 'finished' : 'awaiting_user_input');
    const text = `${JSON.stringify(envelope ? { instance_id: 'repo__pkg-1', history: events, metrics: null } : events, null, 2)}\n`;
    return { text, envelope, condensations, finished };
  });
