/** Shell tools by name: Claude Code's Bash, Codex's shell / local_shell / exec_command, and the usual others. */
const SHELL_TOOLS = /^(bash|shell|local_shell|exec_command|shell_command|run_command|run_terminal_cmd|execute_command|terminal|container\.exec)$/i;
const SHELLS = /^(?:\/\S*\/)?(?:bash|sh|zsh|dash)$/;

/** Tool names tested once each (a transcript uses a handful, each thousands of times); capped against odd input. */
const SHELL_TOOL = new Map<string, boolean>();

function isShellTool(name: string): boolean {
  let shell = SHELL_TOOL.get(name);
  if (shell === undefined) {
    shell = SHELL_TOOLS.test(name);
    if (SHELL_TOOL.size < 1024) SHELL_TOOL.set(name, shell);
  }
  return shell;
}

/**
 * The command line a tool call runs, or undefined when it is not a shell call: `input.command` (a string, or an
 * argv array, whose `bash -lc SCRIPT` form gives SCRIPT) or `input.cmd`.
 */
export function commandText(name: unknown, input: unknown): string | undefined {
  if (typeof name !== 'string' || !isShellTool(name)) return undefined;
  if (input === null || typeof input !== 'object') return typeof input === 'string' && input.trim() !== '' ? input : undefined;
  const { command, cmd } = input as { command?: unknown; cmd?: unknown };
  const value = command ?? cmd;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (!Array.isArray(value) || value.length === 0 || !value.every((part) => typeof part === 'string')) return undefined;
  const argv = value as string[];
  if (argv.length === 3 && SHELLS.test(argv[0] as string) && /^-l?c$/.test(argv[1] as string)) return argv[2];
  return argv.map((part) => (/[\s'"]/.test(part) ? JSON.stringify(part) : part)).join(' ');
}
