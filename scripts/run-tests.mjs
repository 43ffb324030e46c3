#!/usr/bin/env node
// `npm test`: every suite, each step started as soon as the steps it needs have passed, with the time each took.
// The machines CI runs on have two cores. Most steps use both (unit, e2e) or pair up to use both (tsc beside
// eslint), but the Python port is one single-threaded process of several minutes: run in a stage of its own (or
// beside the short package test only) it left a core idle for three minutes. So it starts right after the preflight
// and runs beside everything else, filling the gaps the other steps leave. The unit tests start then too: tsc and
// eslint wait on files half their time (68 and 51 s of CPU over 133 and 101 s), and the unit tests waiting for them
// put 2 minutes on every run; a type or lint error still stops the others at once. The package before the browser,
// after the unit tests: started beside them (once tsc and eslint passed) it slowed them from 373–385 to 495 s and the
// browser started 10–28 s later than in turn (the whole run 1,092 s against 1,080–1,105: no gain); the first stage
// already keeps both cores busy. A step that runs while another does has
// its output held and printed whole when it ends, so the log reads as if they ran in turn; a failure stops every
// running step at once. Plain JavaScript with Node's built-ins: nothing to build before the tests start.
//
//   node scripts/run-tests.mjs            every step
//   node scripts/run-tests.mjs unit e2e   only the named steps (names below), each still after those it needs
import { execFileSync, spawn } from 'node:child_process';
import { childrenCpuMs } from './children-cpu.mjs';

/** Each step is an npm script; `after` names the steps that must pass before it starts (when they are run). */
const STEPS = [
  { name: 'preflight', script: 'preflight', after: [] },
  { name: 'typecheck', script: 'typecheck', after: ['preflight'] },
  { name: 'lint', script: 'lint', after: ['preflight'] },
  { name: 'python', script: 'test:python', after: ['preflight'] },
  { name: 'unit', script: 'test:coverage', after: ['preflight'] },
  { name: 'package', script: 'test:package', after: ['unit', 'typecheck', 'lint'] },
  { name: 'e2e', script: 'test:e2e', after: ['package'] },
];

const wanted = new Set(process.argv.slice(2));
const unknown = [...wanted].filter((name) => !STEPS.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(`run-tests: no step named ${unknown.join(', ')}; the steps: ${STEPS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const steps = wanted.size === 0 ? STEPS : STEPS.filter((step) => wanted.has(step.name));
const chosen = new Set(steps.map((step) => step.name));
// Output is held whenever two steps may overlap; a single step prints as it goes.
const hold = steps.length > 1;

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * The seed every property test runs from (fast-check through test/support/property-seed.ts, Hypothesis through
 * python/tests/conftest.py): PRUNESCOPE_TEST_SEED when given, else one drawn from the commit, so CI's run of a commit
 * is the run its author made before pushing it, and a failure replays with the printed seed. A work tree with changes
 * not committed, or no git, draws a fresh one.
 */
function propertySeed() {
  const given = process.env.PRUNESCOPE_TEST_SEED;
  if (given !== undefined && given !== '') return { seed: given, from: 'PRUNESCOPE_TEST_SEED' };
  try {
    const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    // The lockfile is left out: `npm install` on another npm may rewrite it, and that changes no test.
    if (git('status', '--porcelain', '--untracked-files=no', '--', '.', ':!package-lock.json') === '') {
      const head = git('rev-parse', 'HEAD');
      return { seed: String(Number.parseInt(head.slice(0, 8), 16) & 0x7fffffff), from: `commit ${head.slice(0, 10)}` };
    }
  } catch {
    // not a git work tree: a fresh seed below
  }
  return { seed: String(Math.floor(Math.random() * 0x7fffffff)), from: 'drawn (changes not committed)' };
}
const { seed, from } = propertySeed();
process.env.PRUNESCOPE_TEST_SEED = seed;
console.log(`run-tests: property tests from seed ${seed} (${from}); PRUNESCOPE_TEST_SEED=${seed} npm test runs them again the same way`);

// A step's CPU: the growth of `childrenCpuMs` since the last read, read when a step ends. Chromium's renderers leave
// their parent and are not counted, so the browser journeys show far less than they use (starting them beside the
// unit tests, on the strength of this column, made the suite slower: 934 → 1,054 s). Two steps ending at the same
// moment may share theirs unevenly.
let cpuSoFar = childrenCpuMs();
const startedAll = Date.now();
const results = [];
const running = new Map();
const stopped = new Set();
let failed = false;

/** Runs one npm script in a process group of its own (so a failure elsewhere can stop it and its children). */
function run(step) {
  const started = Date.now();
  if (hold) console.log(`── ${step.name} (npm run ${step.script}) started at ${seconds(started - startedAll)} ──`);
  const child = spawn('npm', ['run', '--silent', step.script], {
    stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: process.env,
    detached: true,
  });
  const chunks = [];
  if (hold) {
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
  }
  running.set(step.name, child);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(step.name);
      const cpuNow = childrenCpuMs();
      const cpuMs = cpuNow === undefined || cpuSoFar === undefined ? undefined : cpuNow - cpuSoFar;
      cpuSoFar = cpuNow;
      const wasStopped = stopped.has(step.name);
      if (hold && wasStopped) console.log(`\n── ${step.name} stopped: another step failed ──`);
      else if (hold) {
        console.log(`\n── ${step.name} (npm run ${step.script}) ──`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ step, code: code ?? (signal ? 1 : 0), ms: Date.now() - started, cpuMs, stopped: wasStopped });
    });
  });
}

function stopRunning() {
  for (const [name, child] of running) {
    stopped.add(name);
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** The chosen steps a step waits for: a step not chosen passes its own needs on (`unit e2e` still runs in turn). */
function needsOf(step) {
  return [...new Set(step.after.flatMap((name) => (chosen.has(name) ? [name] : needsOf(STEPS.find((s) => s.name === name)))))];
}

const done = new Map();
/** Starts a step once each step it needs (among those chosen) has passed; resolves to whether it passed. */
function schedule(step) {
  if (done.has(step.name)) return done.get(step.name);
  const needs = needsOf(step).map((name) => schedule(steps.find((s) => s.name === name)));
  const result = Promise.all(needs).then(async (passed) => {
    if (failed || passed.includes(false)) return false;
    const outcome = await run(step);
    results.push(outcome);
    if (outcome.code !== 0 && !outcome.stopped) {
      if (!failed) {
        failed = true;
        stopRunning();
      }
      console.error(`\nrun-tests: ${step.name} (npm run ${step.script}) failed: its output is above.`);
    }
    return outcome.code === 0;
  });
  done.set(step.name, result);
  return result;
}

const outcomes = await Promise.all(steps.map(schedule));
summary();
if (outcomes.includes(false)) process.exit(1);

function summary() {
  console.log('\n── npm test: time per step (wall, CPU) ──');
  const order = (result) => STEPS.indexOf(result.step);
  const cpu = (ms) => (ms === undefined ? '' : `${seconds(ms).padStart(6)} CPU`);
  for (const { step, code, ms, cpuMs, stopped } of [...results].sort((a, b) => order(a) - order(b))) {
    const verdict = code === 0 ? 'passed' : stopped ? 'stopped (another step failed)' : `failed (exit ${code})`;
    console.log(`${step.name.padEnd(10)} ${seconds(ms).padStart(6)} ${cpu(cpuMs).padStart(10)}  ${verdict}`);
  }
  const totalCpu = results.every((result) => result.cpuMs !== undefined) ? results.reduce((sum, result) => sum + result.cpuMs, 0) : undefined;
  console.log(`${'total'.padEnd(10)} ${seconds(Date.now() - startedAll).padStart(6)} ${cpu(totalCpu).padStart(10)}`);
}
