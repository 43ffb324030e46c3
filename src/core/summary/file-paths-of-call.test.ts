import { describe, expect, it } from 'vitest';
import { filePathsOfCall } from './file-paths-of-call';
import { commandText } from './command-text';
import { todoItemsOfCall } from './todo-items-of-call';

const patch = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** Add File: src/b.ts\n+z\n*** Delete File: old.ts\n*** End Patch';

describe('filePathsOfCall', () => {
  it.each([
    ['Read', { file_path: '/r/a.ts' }, [['/r/a.ts'], []]],
    ['Edit', { file_path: '/r/a.ts', old_string: 'a', new_string: 'b' }, [[], ['/r/a.ts']]],
    ['Write', { file_path: '/r/n.md', content: '…' }, [[], ['/r/n.md']]],
    ['NotebookEdit', { notebook_path: '/r/n.ipynb' }, [[], ['/r/n.ipynb']]],
    ['Grep', { pattern: 'x', path: '/r/src' }, [[], []]],
    ['str_replace_editor', { command: 'view', path: '/r/a.py' }, [['/r/a.py'], []]],
    ['str_replace_editor', { command: 'create', path: '/r/b.py' }, [[], ['/r/b.py']]],
    ['apply_patch', patch, [[], ['src/a.ts', 'src/b.ts', 'old.ts']]],
    ['shell', { command: ['bash', '-lc', `apply_patch <<'PATCH'\n${patch}\nPATCH`] }, [[], ['src/a.ts', 'src/b.ts', 'old.ts']]],
    ['shell', { command: ['bash', '-lc', "sed -n '1,200p' 'apps/x/(group)/page.tsx'"] }, [['apps/x/(group)/page.tsx'], []]],
    ['shell', { command: ['bash', '-lc', 'nl -ba src/a.ts | sed -n 1,40p'] }, [['src/a.ts'], []]],
    ['Bash', { command: "sed -i 's/a/b/' conf.ini" }, [[], ['conf.ini']]],
    ['Bash', { command: 'npm test' }, [[], []]],
  ])('%s %j', (name, input, [read, changed]) => {
    expect(filePathsOfCall(name, input)).toEqual({ read, changed });
  });
});

describe('commandText', () => {
  it('reads Bash, Codex argv (bash -lc SCRIPT), exec_command and local_shell inputs; nothing for other tools', () => {
    expect(commandText('Bash', { command: 'git status' })).toBe('git status');
    expect(commandText('shell', { command: ['bash', '-lc', 'rg "x" -n'] })).toBe('rg "x" -n');
    expect(commandText('local_shell', { type: 'exec', command: ['ls', '-la', 'my dir'] })).toBe('ls -la "my dir"');
    expect(commandText('exec_command', { cmd: 'make' })).toBe('make');
    expect(commandText('Read', { command: 'cat x' })).toBeUndefined();
    expect(commandText('Bash', { command: '  ' })).toBeUndefined();
  });
});

describe('todoItemsOfCall', () => {
  it('reads TodoWrite and update_plan as the list they write', () => {
    const todos = [
      { content: 'Write tests', status: 'completed' },
      { content: 'Fix parser', status: 'in_progress' },
      { content: 'Ship', status: 'pending' },
    ];
    expect(todoItemsOfCall('TodoWrite', { todos })).toEqual(['[x] Write tests', '[~] Fix parser', '[ ] Ship']);
    expect(todoItemsOfCall('update_plan', { plan: [{ step: 'Profile', status: 'completed' }] })).toEqual(['[x] Profile']);
    expect(todoItemsOfCall('Bash', { command: 'ls' })).toBeUndefined();
  });
});
