#!/usr/bin/env node
// `npm test`: every suite, in stages, with the time each took. Steps of one stage run at once when each is
// single-threaded (tsc and eslint; the Python port and the package test), so on the two-core machines CI runs on
// they share the cores instead of queueing for one; the unit and e2e stages use both cores on their own. A step
// run beside another has its output held and printed whole when it ends, so the log reads as if they ran in turn.
// Plain JavaScript with Node's built-ins: nothing to build before the tests start.
//
//   node scripts/run-tests.mjs            every stage
//   node scripts/run-tests.mjs unit e2e   only the named steps (names below), in their stages
import { spawn } from 'node:child_process';

/** Stages in order; the steps of a stage run at once. Each step is an npm script. */
const STAGES = [
  [{ name: 'preflight', script: 'preflight' }],
  [
    { name: 'typecheck', script: 'typecheck' },
    { name: 'lint', script: 'lint' },
  ],
  [{ name: 'unit', script: 'test:coverage' }],
  [
    { name: 'package', script: 'test:package' },
    { name: 'python', script: 'test:python' },
  ],
  [{ name: 'e2e', script: 'test:e2e' }],
];

const wanted = new Set(process.argv.slice(2));
const unknown = [...wanted].filter((name) => !STAGES.flat().some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(`run-tests: no step named ${unknown.join(', ')}; the steps: ${STAGES.flat().map((s) => s.name).join(', ')}`);
  process.exit(2);
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs one npm script; `hold` keeps its output until it ends. Resolves to its exit code and duration. */
function run(step, hold) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.script], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const chunks = [];
    if (hold) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) => {
      if (hold) {
        console.log(`\n── ${step.name} (npm run ${step.script}) ──`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ step, code: code ?? (signal ? 1 : 0), ms: Date.now() - started });
    });
  });
}

const results = [];
const startedAll = Date.now();
for (const stage of STAGES) {
  const steps = wanted.size === 0 ? stage : stage.filter((step) => wanted.has(step.name));
  if (steps.length === 0) continue;
  const hold = steps.length > 1;
  if (hold) console.log(`\n── ${steps.map((s) => s.name).join(' and ')}, at once (output of each when it ends) ──`);
  const done = await Promise.all(steps.map((step) => run(step, hold)));
  results.push(...done);
  const failed = done.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    summary();
    console.error(`\nrun-tests: ${failed.map((r) => `${r.step.name} (npm run ${r.step.script})`).join(' and ')} failed: the output is above.`);
    process.exit(1);
  }
}
summary();

function summary() {
  console.log('\n── npm test: time per step ──');
  for (const { step, code, ms } of results) console.log(`${step.name.padEnd(10)} ${seconds(ms).padStart(6)}  ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  console.log(`${'total'.padEnd(10)} ${seconds(Date.now() - startedAll).padStart(6)}`);
}
