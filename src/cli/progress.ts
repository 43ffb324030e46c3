import type { Io } from './io';

/** A one-line progress display on stderr, redrawn in place; silent unless enabled (a terminal and a large input). */
export interface Progress {
  update(label: string, fraction?: number): void;
  done(): void;
}

/** Inputs from this size on show progress: below it the command is done before a line would be worth reading. */
export const LARGE_INPUT_CHARS = 8_000_000;

const REDRAW_MS = 100;

export function createProgress(io: Io, enabled: boolean): Progress {
  if (!enabled) return { update: () => undefined, done: () => undefined };
  let last = 0;
  let drawn = false;
  return {
    update(label, fraction) {
      const now = Date.now();
      if (drawn && now - last < REDRAW_MS && fraction !== 1) return;
      last = now;
      drawn = true;
      io.stderr(`\r\x1b[K${label}${fraction === undefined ? '…' : ` ${Math.floor(fraction * 100)}%`}`);
    },
    done() {
      if (drawn) io.stderr('\r\x1b[K');
      drawn = false;
    },
  };
}
