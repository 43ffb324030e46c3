import { describe, expect, it } from 'vitest';
import { exitCodeOf } from './exit-code-of';

describe('exitCodeOf', () => {
  it.each([
    ['Claude Code failure', 'Exit code 1\nThe following paths are ignored', 1],
    ['Claude Code exit 128', 'Exit code 128\nfatal: no upstream', 128],
    ['newer Codex text', 'Exit code: 2\nWall time: 0.3 seconds\nOutput:\n…', 2],
    ['Codex JSON metadata', '{"output":"sed: no such file\\n","metadata":{"exit_code":1,"duration_seconds":0.0}}', 1],
    ['Codex JSON success', `{"output":"${'x'.repeat(5000)}","metadata":{"exit_code":0,"duration_seconds":0.1}}`, 0],
    ['Codex sandbox failure', 'failed in sandbox MacosSeatbelt with execution error: sandbox denied exec error, exit code: 2, stdout: ', 2],
    ['Process exited', 'Process exited with code 3', 3],
  ])('%s', (_, text, code) => expect(exitCodeOf(text)).toBe(code));

  it('is undefined when the result says nothing about it (Claude Code success), even if the output mentions one deep inside', () => {
    expect(exitCodeOf('total 8\ndrwxr-xr-x 2 root')).toBeUndefined();
    expect(exitCodeOf(`${'line\n'.repeat(200)}Exit code 1 was expected here\n${'line\n'.repeat(200)}`)).toBeUndefined();
  });
});

describe('exitCodeOf: what the timeline read before the readers were one', () => {
  it.each([
    ['a JSON wrapper with exit_code first', '{"exit_code": 2, "output": "no"}', 2],
    ['exit_code = N', 'run: exit_code = 3', 3],
  ])('%s', (_, text, code) => expect(exitCodeOf(text)).toBe(code));
});
