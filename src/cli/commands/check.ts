import { validateMessages } from '../../lib/index';
import { listFormats, providerForFormat, type Provider } from '../../lib/formats';
import { parseFlags, readChoice, single, type FlagSpec } from '../args';
import { CliError, EXIT_OK, EXIT_PROBLEMS } from '../errors';
import { FORMATS, lineOf, loadTranscript, PROVIDERS, scopeConversation, selectConversations, WHOLE_HISTORY_HELP } from '../input';
import type { Io } from '../io';

const COMMAND = 'check';

const FLAGS: Record<string, FlagSpec> = {
  provider: { type: 'string', short: 'p' },
  conversation: { type: 'string', short: 'c' },
  format: { type: 'string' },
  'whole-history': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

/** "; claude-code is anthropic" for each format whose requests go to another format's API. */
function borrowedProviders(): string {
  const borrowed = listFormats().filter((format) => format.provider !== format.id);
  return borrowed.length === 0 ? '' : `; ${borrowed.map((format) => `${format.id} is ${format.provider}`).join(', ')}`;
}

export function checkHelp(): string {
  return `Usage: prunescope check FILE [--provider P] [--conversation ID] [--whole-history] [--json]

Lists what the API would reject in each conversation of FILE (- reads standard input), with the API's own error
text: a tool call without its result, a result that answers no call, whitespace-only text blocks, roles out of
order, … One line per problem on stdout: FILE[:LINE]: [conversation ID: ]message N: RULE: TEXT (N counts from 0;
LINE is the source line, for JSONL files).

Options:
  -p, --provider P       check by the rules of ${PROVIDERS.join(', ')}: the conversation as that API would receive it,
                         converted to its shape (default: the format's${borrowedProviders()})
  -c, --conversation ID  check one conversation: its id, or its number from 1 (default: all)
  --format FORMAT        read as ${FORMATS.join(', ')} instead of detecting it
  ${WHOLE_HISTORY_HELP}
  --json                 write { file, provider, conversations: [{ id, messages, problems }], problems }
  -h, --help             this help

Exit status: 0 the API would accept every conversation; 1 it would reject at least one; 2 bad usage or
unreadable input.

Examples:
  prunescope check session.jsonl
  prunescope check tau-bench.json --provider anthropic --json | jq '.problems'
`;
}

export async function checkCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseFlags(COMMAND, args, FLAGS);
  if (values.help === true) {
    io.stdout(checkHelp());
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new CliError(`${COMMAND}: give one transcript file, or - for standard input (prunescope check --help)`);
  const providerText = single(COMMAND, values, 'provider');
  const chosenProvider = providerText === undefined ? undefined : readChoice<Provider>(COMMAND, 'provider', providerText, PROVIDERS);
  const formatText = single(COMMAND, values, 'format');
  const format = formatText === undefined ? undefined : readChoice(COMMAND, 'format', formatText, FORMATS);
  const loaded = await loadTranscript(io, positionals[0] as string, format);
  const conversations = selectConversations(COMMAND, loaded, single(COMMAND, values, 'conversation'));
  const many = loaded.parsed.conversations.length > 1;
  const provider = chosenProvider ?? providerForFormat(loaded.parsed.format);

  let total = 0;
  let rejected = 0;
  const out: string[] = [];
  // The messages prune and stats read, numbered as they number them: a compacted session from its last compaction on.
  const json = conversations.map((whole) => {
    const conversation = scopeConversation(COMMAND, io, loaded.label, whole, values['whole-history'] === true).conversation;
    const problems = validateMessages(conversation.messages, provider).map((p) => {
      const line = lineOf(conversation, p.messageIndex);
      return { ...p, ...(line !== undefined ? { line } : {}) };
    });
    total += problems.length;
    if (problems.length > 0) rejected++;
    for (const p of problems) {
      const where = `${loaded.label}${p.line !== undefined ? `:${p.line}` : ''}`;
      out.push(`${where}: ${many ? `conversation ${conversation.id}: ` : ''}message ${p.messageIndex}: ${p.rule}: ${p.message}\n`);
    }
    return { id: conversation.id, title: conversation.title, messages: conversation.messages.length, problems };
  });

  if (values.json === true) {
    io.stdout(`${JSON.stringify({ file: loaded.label, format: loaded.parsed.format, provider, conversations: json, problems: total }, null, 2)}\n`);
  } else {
    io.stdout(out.join(''));
    const of = conversations.length === 1 ? 'the conversation' : `${rejected} of ${conversations.length} conversations`;
    io.stderr(
      total === 0
        ? `${loaded.label}: no problems: ${provider} would accept ${conversations.length === 1 ? 'it' : `all ${conversations.length} conversations`}\n`
        : `${loaded.label}: ${total} problem${total === 1 ? '' : 's'} in ${of} (${provider} rules); prunescope prune --repair fixes them as it prunes\n`,
    );
  }
  return total > 0 ? EXIT_PROBLEMS : EXIT_OK;
}
