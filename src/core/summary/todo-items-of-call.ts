import { createCallInputReading } from './create-call-input-reading';
import { readCallInput } from './read-call-input';

const reading = createCallInputReading();

/**
 * A todo list a tool call writes, as `[x] done`, `[~] doing`, `[ ] to do` lines, or undefined when the call holds
 * none: Claude Code's TodoWrite (`todos: [{ content, status }]`) and Codex's update_plan (`plan: [{ step, status }]`).
 * The call holds the whole list, so the last one is the list's last state. Read by `readCallInput`, which the summary
 * calls for this and the call's command and files at once.
 */
export function todoItemsOfCall(name: unknown, input: unknown): string[] | undefined {
  readCallInput(name, input, reading);
  return reading.todo;
}
