/**
 * Writes the golden cases the Python port is tested against (see build-python-golden.ts):
 *
 *   npm run golden:python
 *
 * Run it after any change to the core's pruning, pairing, scoring, text-length or repair rules, to the parsers, or to
 * the fixtures; `scripts/python-golden.test.ts` fails until it has been run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildPythonGolden, GOLDEN_PATH } from './build-python-golden';
import { buildPortsGolden, PORTS_GOLDEN_PATH } from './build-python-golden-ports';

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();
const golden = buildPythonGolden(root);
const json = JSON.stringify(golden);
const target = path.join(root, GOLDEN_PATH);
mkdirSync(path.dirname(target), { recursive: true });
const gz = gzipSync(json, { level: 9 });
writeFileSync(target, gz);

const bounds = golden.cases.reduce((sum, c) => sum + c.bounds.length, 0);
const messages = golden.cases.reduce((sum, c) => sum + c.messages.length, 0);
const repairs = golden.cases.reduce((sum, c) => sum + c.repairs.length, 0);
console.log(
  `${GOLDEN_PATH}: ${golden.cases.length} transcripts, ${messages} messages, ${bounds * 3} prunes, ${repairs} repairs; ` +
    `${(json.length / 1e6).toFixed(1)} MB of JSON, ${(gz.length / 1e6).toFixed(2)} MB gzipped, ` +
    `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const portsStarted = performance.now();
const ports = JSON.stringify(await buildPortsGolden(root));
const portsGz = gzipSync(ports, { level: 9 });
writeFileSync(path.join(root, PORTS_GOLDEN_PATH), portsGz);
console.log(
  `${PORTS_GOLDEN_PATH}: ${(ports.length / 1e6).toFixed(1)} MB of JSON, ${(portsGz.length / 1e6).toFixed(2)} MB gzipped, ` +
    `in ${((performance.now() - portsStarted) / 1000).toFixed(1)} s`,
);
