import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FORMAT_REGISTRY } from './registry';

/**
 * "Adding a format is its folder and one registry line" holds only while nothing else spells a format's id: a
 * `switch` on `'claude-code'` in the worker would silently skip the next format. This test is the rule's enforcement:
 * outside `src/core/formats/<id>/`, no source file under `src/` (tests aside: they name formats to test them) holds the
 * id as a string literal, a literal type or a property name. Comments and prose are free to name formats, and so is
 * a string that merely contains an id (`'anthropic/tool-use-without-result'`, `'anthropic/claude-sonnet-4.5'`).
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const IDS: ReadonlySet<string> = new Set(FORMAT_REGISTRY.map((format) => format.id));

/**
 * Words that are a format's id and, in one place, something else. Keep this short: each entry is a place where a
 * future rename would not follow the format.
 */
const OTHER_MEANINGS: readonly { under: string; id: string; why: string }[] = [
  { under: 'src/core/replay/', id: 'anthropic', why: "the prompt-cache and price vendor (`'anthropic' | 'openai'`), not the transcript format" },
  { under: 'src/core/formats/ai-sdk/', id: 'anthropic', why: "the AI SDK's provider key in `providerOptions` (a reasoning part's signature), not the transcript format" },
  { under: 'src/core/formats/ai-sdk-ui/', id: 'anthropic', why: "the AI SDK's provider key in `providerMetadata` (a reasoning part's signature), not the transcript format" },
  // The wire protocol of the user's own model endpoint (what `createModelSummarizer` speaks), not a transcript format:
  // a format added to the registry adds no protocol, and a protocol (an OpenAI-compatible server) is no format.
  ...['anthropic', 'openai-chat', 'openai-responses'].flatMap((id) =>
    ['src/core/model/', 'src/cli/model-flags.ts', 'src/state/model-settings.ts', 'src/ui/model/', 'src/worker/model-options.ts'].map((under) => ({ under, id, why: "a model endpoint's protocol, not the transcript format" })),
  ),
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Each id a source text spells as a literal or a property name, with its line. */
function namedIds(text: string, path: string): { id: string; line: number }[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { id: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    const text =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isIdentifier(node) && node.parent !== undefined && (ts.isPropertyAssignment(node.parent) || ts.isPropertySignature(node.parent)) && node.parent.name === node
          ? node.text
          : undefined;
    if (text !== undefined && IDS.has(text)) found.push({ id: text, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('format ids stay in their folders', () => {
  it('no file outside src/core/formats/<id>/ names a format id', () => {
    const offences: string[] = [];
    for (const path of sourceFiles(join(ROOT, 'src'))) {
      const rel = relative(ROOT, path).split(sep).join('/');
      for (const { id, line } of namedIds(readFileSync(path, 'utf8'), path)) {
        if (rel.startsWith(`src/core/formats/${id}/`)) continue;
        if (OTHER_MEANINGS.some((other) => other.id === id && rel.startsWith(other.under))) continue;
        offences.push(`${rel}:${line}: '${id}'`);
      }
    }
    expect(offences, 'read the format registry instead (src/core/formats/README.md)').toEqual([]);
  });

  it('the check sees ids in literals, literal types and property names, and none in comments or longer strings', () => {
    const sample = "// 'claude-code'\ntype A = 'anthropic';\nconst b = { 'openai-chat': 1, anthropic: 2 };\nif (f === `openai-responses`) g('anthropic/rule');\n";
    expect(namedIds(sample, 'x.ts')).toEqual([
      { id: 'anthropic', line: 2 },
      { id: 'openai-chat', line: 3 },
      { id: 'anthropic', line: 3 },
      { id: 'openai-responses', line: 4 },
    ]);
  });
});
