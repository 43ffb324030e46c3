import { adviseCommand, adviseHelp } from './commands/advise';
import { checkCommand, checkHelp } from './commands/check';
import { pruneCommand, pruneHelp } from './commands/prune';
import { replayCommand, replayHelp } from './commands/replay';
import { reportCommand, reportHelp, type ReportOptions } from './commands/report';
import { statsCommand, statsHelp } from './commands/stats';
import { CliError, EXIT_BUG, EXIT_OK, EXIT_USAGE } from './errors';
import type { Io } from './io';
import { strategyWithOption } from './strategy-flags';

interface Command {
  summary: string;
  help: () => string;
  run: (args: readonly string[], io: Io, options: RunOptions) => Promise<number>;
}

export interface RunOptions extends ReportOptions {
  /** The package's version, for --version and the help; the bin reads it from package.json. */
  version?: string;
}

const COMMANDS: Record<string, Command> = {
  prune: { summary: 'prune a transcript and write it in its own format (or another)', help: pruneHelp, run: pruneCommand },
  check: { summary: 'list what the API would reject, with its own error texts', help: checkHelp, run: checkCommand },
  stats: { summary: 'messages, tool pairs, orphans and tokens, beside the usage the file recorded', help: statsHelp, run: statsCommand },
  replay: { summary: 'price the requests again under each strategy, with prompt caching', help: replayHelp, run: (args, io) => replayCommand(args, io) },
  report: { summary: "each strategy's totals over a corpus of transcripts, in parallel", help: reportHelp, run: reportCommand },
  advise: { summary: 'which setting to run: every strategy and bound, priced and scored for loss, the frontier', help: adviseHelp, run: adviseCommand },
};

export function mainHelp(version = 'dev'): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return `Usage: prunescope COMMAND [options]   (prunescope COMMAND --help for each)

Prunes LLM agent transcripts without breaking tool pairs, and measures what each strategy keeps.

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`)
  .join('\n')}

Every command reads a file or - (standard input), writes its result to stdout and messages to stderr.
--json gives machine-readable output.

Exit status: 0 done; 1 done, and problems were found (the API would reject a transcript, a bound could not be met,
a file was skipped); 2 bad usage or unreadable input; 3 a bug in prunescope.

Examples:
  prunescope check session.jsonl
  prunescope prune session.jsonl --strategy ${strategyWithOption('keepRecent')} --keep-recent 5 > pruned.jsonl
  prunescope report transcripts/ --csv > strategies.csv
  prunescope advise transcripts/ --keep task,errors,files

prunescope ${version}
`;
}

/** Runs one command line; returns the exit status. Never throws: errors become a line on stderr and a status. */
export async function run(argv: readonly string[], io: Io, options: RunOptions = {}): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h') {
      io.stdout(mainHelp(options.version));
      return name === undefined ? EXIT_USAGE : EXIT_OK;
    }
    if (name === '--version' || name === '-v') {
      io.stdout(`${options.version ?? 'dev'}\n`);
      return EXIT_OK;
    }
    if (name === 'help') {
      const topic = rest[0];
      const command = topic === undefined ? undefined : COMMANDS[topic];
      if (topic !== undefined && command === undefined) throw new CliError(`help: no command ${JSON.stringify(topic)}; the commands are ${Object.keys(COMMANDS).join(', ')}`);
      io.stdout(command ? command.help() : mainHelp(options.version));
      return EXIT_OK;
    }
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (command === undefined) throw new CliError(`unknown command ${JSON.stringify(name)}; the commands are ${Object.keys(COMMANDS).join(', ')} (prunescope --help)`);
    return await command.run(rest, io, options);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`prunescope: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`prunescope: internal error, please report it with the command line: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT_BUG;
  }
}


