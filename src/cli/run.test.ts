import { describe, expect, it } from 'vitest';
import { createProgress } from './progress';
import { run } from './run';
import { testIo } from '../../test/support/cli-io';

describe('run', () => {
  it('turns a usage error into one line on stderr and status 2', async () => {
    const io = testIo();
    expect(await run(['help', 'shrink'], io)).toBe(2);
    expect(io.err).toBe('prunescope: help: no command "shrink"; the commands are prune, check, stats, replay, report, advise\n');
    expect(io.out).toBe('');
  });

  it('reports a bug with its stack and status 3, never as a usage error', async () => {
    const io = testIo();
    io.stdout = () => {
      throw new TypeError('stdout is gone');
    };
    expect(await run(['--version'], io, { version: '9.9.9' })).toBe(3);
    expect(io.err).toMatch(/^prunescope: internal error, please report it with the command line: TypeError: stdout is gone\n {4}at /);
  });

  it('reads stdin for -', async () => {
    const io = testIo('[{"role": "user", "content": [{"type": "text", "text": "hi"}, {"type": "text", "text": "\\n\\n"}]}]');
    expect(await run(['check', '-'], io)).toBe(1);
    expect(io.out).toBe('<stdin>: message 0: anthropic/whitespace-text-block: messages: text content blocks must contain non-whitespace text\n');
    expect(io.err).toBe('<stdin>: 1 problem in the conversation (anthropic rules); prunescope prune --repair fixes them as it prunes\n');
  });
});

describe('progress', () => {
  it('draws in place on a terminal and clears itself; silent otherwise', () => {
    const tty = testIo('', true);
    const progress = createProgress(tty, true);
    progress.update('counting tokens', 0.5);
    progress.update('counting tokens', 0.6);
    progress.update('counting tokens', 1);
    progress.done();
    expect(tty.err).toBe('\r\x1b[Kcounting tokens 50%\r\x1b[Kcounting tokens 100%\r\x1b[K');
    const log = testIo();
    const quiet = createProgress(log, false);
    quiet.update('x', 0.5);
    quiet.done();
    expect(log.err).toBe('');
  });

  it("takes every registered strategy's options as flags in every command (none shadows a command's own, such as replay's --trigger)", async () => {
    for (const command of ['prune', 'stats', 'replay', 'report']) {
      const io = testIo();
      expect(await run([command, '--help'], io), `${command}: ${io.err}`).toBe(0);
    }
  });
});
