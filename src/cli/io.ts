import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';

/**
 * What a command may touch of the outside world. Commands take it as a parameter, so unit tests run them in-process
 * with strings in and out; `nodeIo()` is the real thing.
 */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Progress lines are drawn only on a terminal: in a log they would be noise. */
  stderrIsTTY: boolean;
  /** Reads `path`, or standard input for `-`. Rejects with Node's own error (its `code` says why). */
  readText(path: string): Promise<string>;
  /** The default of `report --jobs`. */
  cpus: number;
  /** Environment variables (API keys); none when absent. */
  env?: Readonly<Record<string, string | undefined>>;
}

export function nodeIo(): Io {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stderrIsTTY: process.stderr.isTTY === true,
    readText: (path) => (path === '-' ? readStdin() : readFile(path, 'utf8')),
    cpus: availableParallelism(),
    env: process.env,
  };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
