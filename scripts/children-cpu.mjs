import { readFileSync } from 'node:fs';

/**
 * CPU time of every reaped descendant so far, in ms (Linux: cutime + cstime of /proc/self/stat; each npm and node
 * below waits for its own children, so a child's whole tree is added when it exits). Read before and after a child
 * runs, the growth is that child's CPU. A lower bound: processes that leave their parent (Chromium's renderers,
 * forked by its zygote) are not counted. Undefined where /proc is not there. Used by `npm test`'s runner
 * (`run-tests.mjs`) and the CLI benchmark (`bench/advise-cli.bench.ts`).
 */
export function childrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the command name start at field 3 (state): cutime and cstime are fields 16 and 17, in clock
    // ticks of 1/100 s (USER_HZ, 100 on every Linux the suite runs on).
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
