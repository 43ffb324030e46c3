import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const RUNNER = join(__dirname, 'run-tests.mjs');
const dirs: string[] = [];

/** A package whose npm scripts stand in for the suites: each appends "<name> start|end" to a log, then exits. */
function fakePackage(scripts: Record<string, { seconds: number; exit?: number }>): string {
  const dir = mkdtempSync(join(tmpdir(), 'run-tests-'));
  dirs.push(dir);
  const npmScripts = Object.fromEntries(
    Object.entries(scripts).map(([script, { seconds, exit = 0 }]) => [
      script,
      `echo "${script} start" >> log && sleep ${seconds} && echo "${script} end" >> log && exit ${exit}`,
    ]),
  );
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fake', version: '1.0.0', scripts: npmScripts }));
  writeFileSync(join(dir, 'log'), '');
  return dir;
}

const ALL = ['preflight', 'typecheck', 'lint', 'test:python', 'test:coverage', 'test:package', 'test:e2e'];
const quick = (overrides: Record<string, { seconds: number; exit?: number }> = {}) =>
  fakePackage({ ...Object.fromEntries(ALL.map((script) => [script, { seconds: 0 }])), ...overrides });

function runIn(dir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [RUNNER, ...args], { cwd: dir, encoding: 'utf8' });
  const log = readFileSync(join(dir, 'log'), 'utf8').trim().split('\n');
  return { code: result.status, out: result.stdout + result.stderr, log };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm test (scripts/run-tests.mjs)', () => {
  it('runs the Python port and the unit tests beside the type check and lint, and the package and browser after them', () => {
    const { code, log } = runIn(quick({ typecheck: { seconds: 1 } }));
    expect(code).toBe(0);
    const at = (line: string) => log.indexOf(line);
    expect(at('preflight end')).toBeLessThan(at('test:python start'));
    expect(at('test:python start'), 'the Python port runs while tsc does').toBeLessThan(at('typecheck end'));
    expect(at('test:coverage start'), 'the unit tests run while tsc does').toBeLessThan(at('typecheck end'));
    expect(at('typecheck end')).toBeLessThan(at('test:package start'));
    expect(at('lint end')).toBeLessThan(at('test:package start'));
    expect(at('test:coverage end')).toBeLessThan(at('test:package start'));
    expect(at('test:package end')).toBeLessThan(at('test:e2e start'));
  });

  it('stops every running step when one fails, starts nothing after it, and exits 1 naming it', () => {
    const { code, out, log } = runIn(quick({ lint: { seconds: 0, exit: 3 }, 'test:python': { seconds: 20 }, 'test:coverage': { seconds: 20 } }));
    expect(code).toBe(1);
    expect(out).toContain('lint (npm run lint) failed');
    expect(out).toMatch(/python\s+\d+ s\s+\d+ s CPU\s+stopped \(another step failed\)/);
    expect(out).toMatch(/unit\s+\d+ s\s+\d+ s CPU\s+stopped \(another step failed\)/);
    expect(log).not.toContain('test:python end');
    expect(log).not.toContain('test:coverage end');
    expect(log).not.toContain('test:package start');
  });

  it('runs only the named steps, still one after the other where the full run orders them', () => {
    const { code, log } = runIn(quick({ 'test:coverage': { seconds: 1 } }), 'unit', 'e2e');
    expect(code).toBe(0);
    expect(log).toEqual(['test:coverage start', 'test:coverage end', 'test:e2e start', 'test:e2e end']);
  });

  it('says each step\'s CPU time beside its wall time, so a run that left a core idle shows', () => {
    const dir = quick();
    // A busy loop in a grandchild (npm, then sh, then node): it counts once its npm has exited.
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    // Busy until it has used 1.5 s of CPU, however long a loaded machine makes that take.
    pkg.scripts.lint = `node -e "while (process.cpuUsage().user < 1500000);"`;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    const { code, out } = runIn(dir, 'lint', 'unit');
    expect(code).toBe(0);
    const cpuOf = (name: string) => Number(new RegExp(`^${name}\\s+\\d+ s\\s+(\\d+) s CPU`, 'm').exec(out)?.[1]);
    expect(cpuOf('lint')).toBeGreaterThanOrEqual(1);
    // npm's own start-up counts for every step: a step that only sleeps stays well under the busy one.
    expect(cpuOf('unit')).toBeLessThan(cpuOf('lint'));
    expect(out).toMatch(/^total\s+\d+ s\s+\d+ s CPU/m);
  });

  it('refuses a step it does not know, listing the steps', () => {
    const { code, out } = runIn(quick(), 'units');
    expect(code).toBe(2);
    expect(out).toContain('no step named units; the steps: preflight, typecheck, lint, python, unit, package, e2e');
  });
});
