import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaskIntent } from './types';
import { classifyIntent } from './classify-intent';
import { TASK_INTENTS } from './constants';

/**
 * Task texts as agent users write them, each labelled by hand when written. Round 1 (the first 58) came before the
 * keyword table; those marked "real" are copied from the fixtures (spotter, codemie, Codex, OpenHands, tau-bench,
 * pydantic-ai sessions).
 *
 * Misses (the classifier disagrees with the label; kept so the rate stays honest). Rounds 1–4: none.
 * Round 5 (held out, see below), 9 of 20 missed — a keyword table reads words, not meaning:
 * - debugging → generic: "TypeScript complains `Type 'undefined' is not assignable…`" (no error word outside the quote),
 *   "users report that Export downloads an empty file on Safari", "CI is red on main: the e2e job exits with code 1…"
 * - code_generation → planning: "i want the timeline rows to be draggable…" ("timeline" reads as planning)
 * - explanation → generic: "give me a high level tour of src/core"
 * - planning → generic: "Let's figure out the milestones for the 1.0 release…", "What would a good migration path…"
 * - review → generic: "look at my implementation of lowestGroups, is it O(n)?"
 * - generic → code_generation: "I'd like to upgrade my reservation to business class." ("upgrade", "class")
 */
const LABELLED: [TaskIntent, string][] = [
  // Round 1
  // code_generation
  ['code_generation', 'add a --json flag to the export command that writes the plan as json instead of the table'],
  ['code_generation', 'Implement the CSV exporter described in docs/export.md. It should stream rows, not build the whole string in memory.'],
  ['code_generation', 'write a python script that reads all .jsonl files in logs/ and prints the total token count per session'],
  ['code_generation', 'create a new React component TokenBar that shows kept vs dropped tokens as a stacked bar'],
  ['code_generation', 'can you make the sidebar collapsible? store the state in localStorage'],
  ['code_generation', 'Generate TypeScript types for this JSON:\n```json\n{"id": 1, "name": "x", "tags": ["a"]}\n```'],
  ['code_generation', 'refator the parser so each format lives in its own file'],
  // real: spotter session
  ['code_generation', 'Work on bead spotter-dov. Run bd show spotter-dov to see the issue details and bd ready to find available subtasks. Start with the first ready task.'],
  // real: OpenHands
  ['code_generation', "Hello! Can you create a new Python file named hello.py that prints 'Hello, World!'?"],
  ['code_generation', 'scaffold a fastify server with a /health route and a vitest test for it'],
  // real: Codex rollout
  [
    'code_generation',
    'Updating a team to assign a lead or change from viewer to contributor is VERY\n  slow. It looks like it does not optimistically update and loads all data for all\n  teams instead of just loading the data needed for this specific team. Can you\n  evaluate how this is handled in the TeamSheet and refactor this to be much\n  faster?\n\nThis all feels complex and over-engineered for loading and editing a simple team object. Can we simplify this and speed it up?',
  ],
  ['code_generation', 'port the tokenizer wrapper to python, same api, use tiktoken'],

  // debugging
  ['debugging', 'mix phx.server doesnt seem to start'], // real: spotter-short
  [
    'debugging',
    "getting this when I run npm test:\n```\nTypeError: Cannot read properties of undefined (reading 'map')\n    at groupRows (src/state/rows.ts:41:17)\n    at Object.<anonymous> (src/state/rows.test.ts:12:5)\n```",
  ],
  ['debugging', 'the build is broken since yesterday, tsc says TS2322 in worker.ts, can you fix it'],
  ['debugging', 'Why does the e2e test time out on CI but pass locally?'],
  // real: spotter tool-heavy
  ['debugging', 'scrolling back in xterm.js still does not work (maybe because outer web catches it)? websearch xterm.js tmux interactions'],
  ['debugging', 'segfault in the rust ext when the input has emoji, repro: cargo run -- --input tests/emoji.txt'],
  ['debugging', "pytest fails with ModuleNotFoundError: No module named 'prunescope' after I moved the package into src/"],
  ['debugging', 'login returns 500 on staging but works on my machine. logs attached:\n[error] 12:03:11 upstream timed out'],
  ['debugging', 'flaky test in parse-transcript.fuzz.test.ts, fails about 1 in 20 runs with a timeout'],
  ['debugging', 'Traceback (most recent call last):\n  File "main.py", line 3, in <module>\n    import prunescope\nImportError: cannot import name \'plan\''],
  ['debugging', 'the slider jumps back to 0 whenever i load a second file, pls look into it'],

  // explanation
  ['explanation', 'Why do we need stats for the team?'], // real: Codex rollout
  ['explanation', 'explain how linkToolCalls pairs results when ids are reused'],
  ['explanation', 'what does the isMeta flag mean in claude code logs'],
  ['explanation', 'how does the worker talk to the store? walk me through the message flow'],
  ['explanation', "can you give me an overview of this repo, I'm new here"],
  ['explanation', 'whats the difference between masked and summarized fates'],
  ['explanation', 'explore more of current repo'], // real: codemie
  ['explanation', "I don't understand why we bucket the scores into 4096 bins in planPrune, isn't a sort enough?"],
  ['explanation', 'expain the union find in groupMessages like im five'],

  // search
  ['search', 'find every place we call JSON.parse without a try/catch'],
  ['search', 'where is the token budget slider defined?'],
  ['search', 'search the web for the latest anthropic context editing docs and summarize the parameters'],
  // real: pydantic-ai pause-turn recording
  [
    'search',
    'Run a series of web searches to gather up-to-date context. Do 6 separate searches, one at a time, and do not answer until all searches are complete. Queries: 1) Python 3.13 release notes 2) latest Rust stable version',
  ],
  ['search', 'list all files that import from src/worker'],
  ['search', 'grep for TODOs in src/core and give me the list'],
  ['search', 'which tests cover the openai responses parser?'],
  ['search', 'look up who calls validateMessages'],

  // planning
  ['planning', 'Before writing any code, make a plan for adding the Python port: what modules, what order, what tests.'],
  ['planning', 'how should we structure the strategy registry? give me 2-3 options with tradeoffs, no code yet'],
  ['planning', 'break the governor issue down into tasks we can do in parallel'],
  ['planning', 'design the caching layer for prompt prefixes. think about invalidation first'],
  ['planning', 'lets plan the migration from webpack to vite, step by step'],
  ['planning', 'write a roadmap for v0.2 with milestones'],

  // review
  ['review', 'review my last commit, anything risky?'],
  ['review', 'can you look over this PR and leave comments: https://github.com/x/y/pull/42'],
  ['review', 'check the diff below for bugs\n```diff\n- const x = a.length\n+ const x = a?.length ?? 0\n```'],
  ['review', 'does this code follow our style guide? be picky'],
  ['review', 'code review src/core/governor please, focus on performance'],

  // generic
  ['generic', 'show tools and store response in file'], // real: codemie
  ['generic', 'thanks!'],
  ['generic', "Hi! I'm looking to book a flight from New York to Seattle on May 20th."], // real: tau-bench
  ['generic', 'start phoenix in background'], // real: spotter tool-heavy
  ['generic', 'what time is it in Tokyo'],
  ['generic', 'continue'], // real: spotter session
  ['generic', 'I need to cancel my reservation ABC123, the trip was cancelled'],

  // Rounds 2–4: written after the first table, each before the table was widened for it. On first contact the
  // table got 4 of 15, 4 of 16 and 10 of 20 right; its vocabulary was then widened (general words, not these texts'
  // phrases) until each round passed.
  ['debugging', 'npm run dev crashes with EADDRINUSE :5173'],
  ['debugging', "the token counts in the sidebar are off by one after pruning, something's not right"],
  ['code_generation', 'please add dark mode to the inspector, follow the existing tailwind tokens'],
  ['code_generation', 'need a helper that converts a plan back to jsonl lines'],
  ['explanation', "what's the point of the summarize strategy if it just writes a placeholder?"],
  ['explanation', 'how come the importance strategy drops user messages first'],
  ['search', 'show me where we set the CSP header'],
  ['search', 'is there already a function that counts tokens per message somewhere?'],
  ['planning', 'we need to ship the CLI next week. what should we do first?'],
  ['planning', 'think through how the python port should mirror the ts core before we start'],
  ['review', 'sanity check my changes in worker.ts before I push'],
  ['review', 'is this implementation correct? ```ts\nexport const f = (a: number[]) => a.sort()[0]\n```'],
  ['generic', 'hi'],
  ['generic', 'My user id is sofia_kim_7287 and I want to change my flight to economy.'],
  ['debugging', 'ugh, tests red again after the merge'],
  ['debugging', "why is the worker throwing 'postMessage could not be cloned' when I drop a big file"],
  ['debugging', 'prod is down, 502s from the api gateway since the deploy'],
  ['debugging', 'the export button does nothing in firefox'],
  ['code_generation', "let's support .tar.gz uploads in the file picker"],
  ['code_generation', 'hook up the summarize strategy to the real summarizer instead of the placeholder'],
  ['code_generation', 'turn the fate legend into a reusable component and use it in both lanes'],
  ['explanation', 'can you tell me what happens when a tool result arrives before its call?'],
  ['explanation', "I'm confused about how fast-check shrinks these transcripts"],
  ['search', 'do we log the parse warnings anywhere?'],
  ['search', 'find me the commit that introduced the 4096 buckets'],
  ['planning', 'outline the work for the python port in phases, with rough estimates'],
  ['planning', "what's the best order to tackle these three issues?"],
  ['review', "take a look at src/core/governor and tell me what you'd change"],
  ['review', "thoughts on this approach? I'm not sure the memo in the analysis object is a good idea"],
  ['generic', 'ok do it'],
  ['generic', 'Can I get a refund for the insurance on reservation 4WQ150?'],
  ['debugging', 'after bumping vite to 8 the dev server serves a blank page, console says Failed to fetch dynamically imported module'],
  ['debugging', "the number of kept messages shown in the header doesn't match what the export contains"],
  ['debugging', 'getting `Maximum call stack size exceeded` on the 100k fixture'],
  ['code_generation', 'Add an option to hide thinking blocks in the timeline. Default off. Persist it in the URL hash like the other toggles.'],
  ['code_generation', 'we should let people paste a transcript instead of only uploading a file'],
  ['code_generation', 'port scoreMessage to rust as a wasm module, keep the same signature'],
  ['explanation', 'how exactly does the validator decide which messages to merge?'],
  ['explanation', 'What is a tool_use_id used for? Is it only for pairing?'],
  ['explanation', 'can you summarize what this repo does in a few sentences'],
  ['search', 'where do we handle the isSidechain lines'],
  ['search', 'look for any place that still uses the old FATE names'],
  ['search', 'which version of fast-check are we on'],
  ['planning', 'We want to add a CLI, a python port and an npm package this quarter. Propose an order and what each depends on.'],
  ['planning', 'sketch the architecture for a server mode before we commit to anything'],
  ['review', "here's my patch, can you check it over?\n```diff\n+ if (!x) return;\n```"],
  ['review', 'Are there any edge cases I missed in findWindowCut?'],
  ['generic', 'yes go ahead'],
  ['generic', 'hello, who are you?'],
  ['generic', 'Please change the passenger name on my booking to Liam Brown.'],
  ['debugging', 'Jest hangs forever on the parser tests, no output'],
  // Round 5, held out: written after the table was frozen and never used to change it. 11 of 20 right (55%).
  ['debugging', 'hmm the inspector freezes for like 10s when i open the 200MB file, profiler shows parseTranscript'],
  ['debugging', "TypeScript complains `Type 'undefined' is not assignable to type 'number'` in plan-prune.ts line 40"],
  ['debugging', 'users report that Export downloads an empty file on Safari'],
  ['debugging', 'CI is red on main: the e2e job exits with code 1 after the playwright upgrade'],
  ['code_generation', 'Write unit tests for findWindowCut covering reused ids and parallel calls'],
  ['code_generation', 'create a github action that runs the bench nightly and posts the numbers as a comment'],
  ['code_generation', 'replace the hand-rolled LRU in worker/cache.ts with a Map-based one'],
  ['code_generation', 'i want the timeline rows to be draggable so i can reorder messages'],
  ['explanation', "what's the difference between tool_result and web_search_tool_result blocks?"],
  ['explanation', 'why do we keep the last message even if it is huge'],
  ['explanation', 'give me a high level tour of src/core'],
  ['search', 'grep the fixtures for any is_error true results'],
  ['search', 'is the seed for the synthetic transcript set anywhere in the bench?'],
  ['search', 'Search GitHub issues for reports of orphaned tool_use after compaction'],
  ['planning', "Let's figure out the milestones for the 1.0 release. Don't code anything."],
  ['planning', 'What would a good migration path from the old importance strategy to the governor look like?'],
  ['review', 'Please review the attached diff for performance regressions'],
  ['review', 'look at my implementation of lowestGroups, is it O(n)?'],
  ['generic', "I'd like to upgrade my reservation to business class."],
  ['generic', "cool, thanks. that's all for today"],
];

describe('classifyIntent on hand-labelled task texts', () => {
  it('has at least 40 texts covering every intent', () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(40);
    for (const intent of TASK_INTENTS) expect(LABELLED.some(([label]) => label === intent), intent).toBe(true);
  });

  it('classifies at least 90% right', () => {
    const misses = LABELLED.filter(([label, text]) => classifyIntent(text).intent !== label).map(
      ([label, text]) => `${label} → ${classifyIntent(text).intent}: ${text.slice(0, 60)}`,
    );
    expect(misses.length / LABELLED.length, misses.join('\n')).toBeLessThanOrEqual(0.1);
  });

  it('gives evidence for every intent it names but generic', () => {
    for (const [, text] of LABELLED) {
      const result = classifyIntent(text);
      if (result.intent !== 'generic') expect(result.evidence.length, text).toBeGreaterThan(0);
    }
  });
});

describe('classifyIntent', () => {
  it('names the phrases that decided, with their intent and weight', () => {
    const result = classifyIntent('fix the crash in the parser');
    expect(result.intent).toBe('debugging');
    expect(result.evidence).toContain('"fix" → debugging +3');
  });

  it('is generic, with no evidence, for text with no cue', () => {
    expect(classifyIntent('')).toEqual({ intent: 'generic', confidence: 1, evidence: [] });
    expect(classifyIntent('ok').intent).toBe('generic');
  });

  it('is less confident when two intents are close than when one dominates', () => {
    const close = classifyIntent('explain why the test fails');
    const clear = classifyIntent('fix the failing test, it throws TypeError: x is undefined');
    expect(clear.confidence).toBeGreaterThan(close.confidence);
  });

  it('rejects a non-string with a TypeError naming the argument', () => {
    expect(() => classifyIntent(42 as unknown as string)).toThrow(/classifyIntent: text must be a string, got number/);
  });

  it('is deterministic, bounded and total over any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const a = classifyIntent(text);
        expect(classifyIntent(text)).toEqual(a);
        expect(TASK_INTENTS).toContain(a.intent);
        expect(a.confidence).toBeGreaterThanOrEqual(0);
        expect(a.confidence).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a bounded prefix, so a pasted 1 MB log costs no more than its first part', () => {
    const log = 'fix this error\n' + 'INFO all good\n'.repeat(80_000);
    const start = performance.now();
    expect(classifyIntent(log).intent).toBe('debugging');
    expect(performance.now() - start).toBeLessThan(50);
  });
});
