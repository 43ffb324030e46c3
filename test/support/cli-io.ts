import { readFile } from 'node:fs/promises';
import type { Io } from '../../src/cli/io';

/** An `Io` for in-process tests: files are read from disk, stdin is `stdin`, everything written is kept. */
export function testIo(stdin = '', stderrIsTTY = false): Io & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stderrIsTTY,
    cpus: 1,
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
    readText: (path: string) => (path === '-' ? Promise.resolve(stdin) : readFile(path, 'utf8')),
  };
  return io;
}
