#!/usr/bin/env node
/** The `prunescope` bin. Everything but the process itself is in `run`, so tests run commands in-process too. */
import { createRequire } from 'node:module';
import { nodeIo } from './io';
import { run } from './run';

// `prunescope … | head` closes the pipe early; that is the reader's choice, not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

// The report's worker threads run the built `report-worker.js`, which sits beside this file in dist/esm.
const workerUrl = new URL('./report-worker.js', import.meta.url);

// dist/esm/cli.js → the package's own package.json, which every install has.
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

process.exitCode = await run(process.argv.slice(2), nodeIo(), { workerUrl, version });
