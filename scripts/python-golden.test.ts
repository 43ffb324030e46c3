/**
 * The Python port is tested against golden cases the core wrote (python/tests/test_parity.py). A core change that
 * forgets `npm run golden:python` would leave the port tested against the old behaviour; this fails it instead.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPythonGolden, GOLDEN_PATH, type PythonGolden } from './build-python-golden';
import { buildPortsGolden, PORTS_GOLDEN_PATH, type PortsGolden } from './build-python-golden-ports';

const root = path.resolve(import.meta.dirname, '..');

/** The first place two goldens differ, for a message a person can act on. */
function firstDifference(committed: PythonGolden, fresh: PythonGolden): string {
  if (JSON.stringify(committed.numbers) !== JSON.stringify(fresh.numbers)) return 'the numbers';
  if (committed.whitespace !== fresh.whitespace) return 'the whitespace';
  const count = Math.max(committed.cases.length, fresh.cases.length);
  for (let k = 0; k < count; k++) {
    const a = committed.cases[k];
    const b = fresh.cases[k];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (a === undefined || b === undefined || a.name !== b.name) return `case ${k}: ${a?.name ?? 'none'} is now ${b?.name ?? 'none'}`;
    const field = (Object.keys(b) as (keyof typeof b)[]).find((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
    return `${b.name}, ${String(field)}`;
  }
  return 'the header';
}

// Building a golden file runs every strategy over thousands of cases: 38 s alone, 67 s beside other suites on two
// cores, past the 60 s default. It is what the test is for, so it gets the time.
const BUILD_TIMEOUT = { timeout: 240_000 };

describe('golden cases of the Python port', BUILD_TIMEOUT, () => {
  let built: PythonGolden | undefined;
  const fresh = (): PythonGolden => (built ??= buildPythonGolden(root));

  it(`${GOLDEN_PATH} is what \`npm run golden:python\` writes from the core as it is now`, () => {
    const committed = gunzipSync(readFileSync(path.join(root, GOLDEN_PATH))).toString('utf8');
    if (committed === JSON.stringify(fresh())) return;
    const where = firstDifference(JSON.parse(committed) as PythonGolden, fresh());
    expect.fail(`${GOLDEN_PATH} is out of date with the core (first difference: ${where}); run \`npm run golden:python\``);
  });

  it('a stale file is reported with the case and the field that changed', () => {
    const stale = JSON.parse(JSON.stringify(fresh())) as PythonGolden;
    const spotter = stale.cases.find((c) => c.name === 'fixtures/spotter-session.messages.json');
    spotter?.outputs.importance[10]?.push(0, 1);
    expect(firstDifference(stale, fresh())).toBe('fixtures/spotter-session.messages.json, outputs');
  });

  it('a stale repair answer is reported too: a core whose repair changed fails until the file is regenerated', () => {
    const stale = JSON.parse(JSON.stringify(fresh())) as PythonGolden;
    const aimed = stale.cases.find((c) => c.name === 'repairTranscript #3');
    const answer = aimed?.repairs.find((r) => 'changes' in r && r.changes.length > 0);
    if (answer === undefined || !('changes' in answer)) return expect.fail('repairTranscript #3 should need a repair');
    answer.changes.reverse().push({ index: 0, rule: 'repair/merge-same-role', detail: 'an edit' });
    expect(firstDifference(stale, fresh())).toBe('repairTranscript #3, repairs');
    expect(JSON.stringify(stale)).not.toBe(JSON.stringify(fresh()));
  });
});

/** The first section and case where two goldens of issue 23's functions differ. */
function firstPortsDifference(committed: PortsGolden, fresh: PortsGolden): string {
  for (const section of ['chat', 'tokens', 'masking', 'validator', 'contextPruner'] as const) {
    const a: { name: string }[] = committed[section];
    const b: { name: string }[] = fresh[section];
    for (let k = 0; k < Math.max(a.length, b.length); k++) {
      if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return `${section}: ${b[k]?.name ?? a[k]?.name ?? k}`;
    }
  }
  return 'the header';
}

describe('golden cases of the Python port: OpenAI dicts, token bounds, masking, validator, ContextPruner', BUILD_TIMEOUT, () => {
  let built: Promise<PortsGolden> | undefined;
  const fresh = (): Promise<PortsGolden> => (built ??= buildPortsGolden(root));

  it(`${PORTS_GOLDEN_PATH} is what \`npm run golden:python\` writes from the core as it is now`, async () => {
    const committed = gunzipSync(readFileSync(path.join(root, PORTS_GOLDEN_PATH))).toString('utf8');
    const current = await fresh();
    if (committed === JSON.stringify(current)) return;
    const where = firstPortsDifference(JSON.parse(committed) as PortsGolden, current);
    expect.fail(`${PORTS_GOLDEN_PATH} is out of date with the core (first difference: ${where}); run \`npm run golden:python\``);
  }, 120_000);

  it('a stale file is reported with the section and the case that changed', async () => {
    const current = await fresh();
    const stale = JSON.parse(JSON.stringify(current)) as PortsGolden;
    stale.masking[3]?.outputs[1]?.reverse();
    expect(firstPortsDifference(stale, current)).toBe(`masking: ${current.masking[3]?.name}`);
  }, 120_000);
});
