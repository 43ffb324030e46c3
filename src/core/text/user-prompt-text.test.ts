import { describe, expect, it } from 'vitest';
import type { Message } from '../types';
import { userPromptText } from './user-prompt-text';

const user = (content: Message['content']): Message => ({ role: 'user', content });

describe('userPromptText: what a person typed', () => {
  it('keeps the user words and drops what the harness wrote (the cases the summary held before it used this reader)', () => {
    expect(userPromptText(user('Fix the login bug'))).toBe('Fix the login bug');
    expect(userPromptText(user('<environment_context>\n  <cwd>/r</cwd>\n</environment_context>'))).toBeUndefined();
    expect(userPromptText(user('[Request interrupted by user for tool use]'))).toBeUndefined();
    expect(
      userPromptText(
        user([
          { type: 'text', text: '<local-command-caveat>Caveat: …</local-command-caveat>' },
          { type: 'text', text: 'scrolling still fails' },
          { type: 'tool_result', tool_use_id: 'a', content: 'not a request' },
        ]),
      ),
    ).toBe('scrolling still fails');
    expect(userPromptText(user('# Context from my IDE setup:\n\n## Open tabs:\n- a.ts\n\n## My request for Codex:\nWhy do we need stats?\n'))).toBe(
      'Why do we need stats?',
    );
  });

  it('where the two old rules differed, keeps the words a person typed', () => {
    // An element the harnesses are not known to write is the user's: the summary's old rule dropped any `<tag>` opening.
    expect(userPromptText(user('<div> is not centred on mobile'))).toBe('<div> is not centred on mobile');
    // A reminder Claude Code put before the words is removed, the words kept (the old summary rule dropped them all).
    expect(userPromptText(user('<system-reminder>todo list is empty</system-reminder>\nnow add tests'))).toBe('now add tests');
    // The IDE context alone, without the request heading, is no request (the old summary rule took it for one).
    expect(userPromptText(user('# Context from my IDE setup:\n\n## Open tabs:\n- a.ts'))).toBeUndefined();
  });

  it("a ContextPruner's own summary and a Claude Code compact summary are not typed", () => {
    expect(userPromptText(user('[Context Summary]\nTask: fix the bug'))).toBeUndefined();
    expect(userPromptText(user('This session is being continued from a previous conversation that ran out of context.'))).toBeUndefined();
    expect(userPromptText({ role: 'assistant', content: 'hello' })).toBeUndefined();
  });
});
