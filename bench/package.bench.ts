/**
 * The npm package as a user gets it (run `npm run build:lib` first, or `npm run bench:package`): the packed tarball,
 * what `npm install` of it leaves on disk, what an application bundler keeps of `pruneMessages` alone, and how long
 * each vocabulary takes to load in a fresh Node process, through `import` and through `require` (median of RUNS
 * fresh processes; `createTokenCounter` and the first `count()`, as a user's first count pays both).
 *
 *     npm run bench:package
 *     tsx bench/package.bench.ts other.tgz    # also another build's tarball, its loads interleaved with this one's
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installedBytes, treeShakenBytes } from '../test/support/package-measures';
import { median } from './measure';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 7);
const ENCODINGS = ['claude', 'o200k_base', 'cl100k_base'] as const;
const NPM_FLAGS = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];

function run(command: string, args: readonly string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stderr}`);
  return result.stdout;
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;
const kb = (bytes: number): string => `${(bytes / 1e3).toFixed(1)} KB`;

/** A script that loads one vocabulary and prints the milliseconds it took. */
function loadScript(encoding: string, how: 'import' | 'require'): string {
  const body = `const started = performance.now();
const counter = await createTokenCounter({ encoding: '${encoding}' });
counter.count('Hello, world: the first count after loading.');
console.log(performance.now() - started);`;
  return how === 'import'
    ? `const { createTokenCounter } = await import('prunescope');\n${body}\n`
    : `const { createTokenCounter } = require('prunescope');\n(async () => {\n${body}\n})();\n`;
}

const work = mkdtempSync(join(tmpdir(), 'prunescope-package-bench-'));
try {
  run('npm', ['pack', '--ignore-scripts', '--pack-destination', work, ...NPM_FLAGS], ROOT);
  const tarballs = [join(work, readdirSync(work).find((f) => f.endsWith('.tgz')) as string), ...process.argv.slice(2).map((f) => resolve(f))];
  const consumers = tarballs.map((tarball, index) => {
    const consumer = join(work, `consumer-${index}`);
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, version: '1.0.0' }));
    run('npm', ['install', tarball, ...NPM_FLAGS], consumer);
    for (const encoding of ENCODINGS) {
      writeFileSync(join(consumer, `${encoding}.mjs`), loadScript(encoding, 'import'));
      writeFileSync(join(consumer, `${encoding}.cjs`), loadScript(encoding, 'require'));
    }
    return consumer;
  });
  const label = (index: number): string => (index === 0 ? 'this build' : basename(tarballs[index] as string));

  for (const [index, consumer] of consumers.entries()) {
    const shaken = await treeShakenBytes(consumer, "import { pruneMessages } from 'prunescope';\nconsole.log(pruneMessages);\n");
    console.log(
      `${label(index)}: tarball ${mb(statSync(tarballs[index] as string).size)}, installed ${mb(installedBytes(join(consumer, 'node_modules/prunescope')))}, ` +
        `pruneMessages alone bundled and minified ${kb(shaken.eager)} (${kb(shaken.eagerGzip)} gzip, lazy chunks ${kb(shaken.lazy)})`,
    );
  }

  for (const encoding of ENCODINGS) {
    for (const extension of ['mjs', 'cjs'] as const) {
      // Interleaved, so a burst of load on the machine falls on every build alike.
      const times = consumers.map((): number[] => []);
      for (let round = 0; round < RUNS; round++) {
        for (const [index, consumer] of consumers.entries()) times[index]?.push(Number(run('node', [`${encoding}.${extension}`], consumer)));
      }
      const medians = times.map((each) => median(each));
      const cells = medians.map((value, index) => {
        const sorted = [...(times[index] as number[])].sort((a, b) => a - b);
        return `${label(index)} ${value.toFixed(0)} ms (${sorted[0]?.toFixed(0)}–${sorted.at(-1)?.toFixed(0)})`;
      });
      const ratio = medians.length > 1 ? `; ${((medians[1] as number) / (medians[0] as number)).toFixed(1)}× faster` : '';
      console.log(`cold load, ${encoding} through ${extension === 'mjs' ? 'import' : 'require'}: ${cells.join(' · ')}${ratio}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
