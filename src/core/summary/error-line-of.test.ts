import { describe, expect, it } from 'vitest';
import { errorLineOf } from './error-line-of';

describe('errorLineOf', () => {
  it('prefers the line stating the error over framing lines', () => {
    expect(errorLineOf('Exit code 1\n> jest\n\nFAIL src/a.test.ts\n  ● adds')).toBe('FAIL src/a.test.ts');
    expect(errorLineOf('Traceback (most recent call last):\n  File "a.py", line 3, in <module>\nValueError: bad input')).toBe(
      'ValueError: bad input',
    );
    expect(errorLineOf('Exit code 128\nfatal: The current branch has no upstream branch.')).toBe(
      'fatal: The current branch has no upstream branch.',
    );
  });

  it('finds a located compiler error after npm echo lines, inside Codex JSON', () => {
    const output = '\n> app@1 check-types\n> tsc --noEmit\n\nsrc/a.ts(52,53): error TS2345: Argument of type';
    expect(errorLineOf(JSON.stringify({ output, metadata: { exit_code: 2 } }))).toBe('src/a.ts(52,53): error TS2345: Argument of type');
  });

  it('falls back to the first line with content, and looks at the end of a long output too', () => {
    expect(errorLineOf('Exit code 1\nThe following paths are ignored by one of your .gitignore files:')).toBe(
      'The following paths are ignored by one of your .gitignore files:',
    );
    expect(errorLineOf(`${'ok\n'.repeat(3000)}npm ERR! missing script: lint\n`)).toBe('npm ERR! missing script: lint');
    expect(errorLineOf('')).toBeUndefined();
  });

  it('tracesOnly: a stack trace counts, a file that merely mentions Error does not', () => {
    const trace = 'running\nTypeError: x is not a function\n    at run (/app/src/a.js:3:9)\n    at main (/app/src/b.js:1:1)';
    expect(errorLineOf(trace, true)).toBe('TypeError: x is not a function');
    expect(errorLineOf('export class ParseError extends Error {}\nthrow new TypeError("bad")', true)).toBeUndefined();
  });

  it('finds every form of stated error behind the pre-check that spares prose the pattern', () => {
    const forms = [
      'ValueError: bad input',
      'IllegalStateException in main',
      'error[E0308]: mismatched types',
      'error: could not compile `app`',
      'fatal: not a git repository',
      'FAIL src/a.test.ts',
      'npm ERR! missing script: lint',
      "thread 'main' panicked at src/main.rs:3:5",
      'panic: runtime error: index out of range',
    ];
    for (const form of forms) expect(errorLineOf(`Exit code 1\nrunning the checks\n  ${form}\nmore output`)).toBe(form);
    // Prose holding none of the marks gets its first line, not a stated error.
    expect(errorLineOf('Exit code 1\nall went wrong without saying so\nthe end')).toBe('all went wrong without saying so');
  });
});
