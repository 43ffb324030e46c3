/**
 * A strategy is one folder and one registry line: no file outside `src/core/strategies/<id>/` names a strategy id in
 * code (the worker, the state, the UI and the CLI read the registry). Ids in comments are prose and allowed; ids in
 * string literals and template text are not, help texts included (they take their examples from the registry).
 * Tests, benchmarks and e2e specs may name ids: they hold strategies to what they promise.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { STRATEGY_REGISTRY } from './registry';

const SRC = path.resolve(__dirname, '../..');
const IDS: readonly string[] = STRATEGY_REGISTRY.map((s) => s.id);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every string literal, piece of template text and JSX text in `text`, as TypeScript parses them. */
function literals(text: string, jsx: boolean): string[] {
  const file = ts.createSourceFile(jsx ? 'a.tsx' : 'a.ts', text, ts.ScriptTarget.Latest, false, jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) out.push(node.text);
    else if (ts.isJsxText(node)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/**
 * Whether a literal names `id` as code does: the id itself (`case 'governor'`), or in a flag or config
 * (`--strategy governor`, `-s masking,governor`, `strategy: "governor"`). Hyphenated ids are no English words, so
 * any whole-token use of one counts. Prose that uses a word that is also an id ("summarize a tool group") does not.
 */
function namesId(literal: string, id: string): boolean {
  if (literal === id) return true;
  const token = `(^|[^a-zA-Z-])${id}($|[^a-zA-Z-])`;
  if (id.includes('-') && new RegExp(token).test(literal)) return true;
  return new RegExp(`(--strategy[ =]|-s |strategy[:=] ?["'\`]?)([a-z-]+,)*${id}($|[^a-zA-Z-])`).test(literal);
}

/** Where `file` names an id in a literal, as `file: "literal"`. Module paths are not names (`./governor/types`). */
function namedIds(file: string): string[] {
  const own = /src\/core\/strategies\/([^/]+)\//.exec(file)?.[1];
  const found: string[] = [];
  for (const literal of literals(readFileSync(file, 'utf8'), file.endsWith('.tsx'))) {
    if (/^\.{1,2}\//.test(literal)) continue;
    for (const id of IDS) if (id !== own && namesId(literal, id)) found.push(`${path.relative(SRC, file)}: ${JSON.stringify(literal.slice(0, 80))}`);
  }
  return found;
}

describe('strategy ids', () => {
  it('are named in code only inside their own folder', () => {
    expect(sources(SRC).flatMap(namedIds)).toEqual([]);
  });

  it('the check finds an id in a literal, a flag or a config, and lets prose and comments be', () => {
    expect(namesId('governor', 'governor')).toBe(true);
    expect(namesId('  prunescope report x --strategy governor,observation-masking --csv', 'observation-masking')).toBe(true);
    expect(namesId('-s sliding-window,governor --json', 'governor')).toBe(true);
    expect(namesId('the governor config must be an object', 'governor')).toBe(false);
    expect(namesId('summarize a tool group whole', 'summarize')).toBe(false);
    expect(literals("const a = 'governor'; // summarize\nconst b = `x ${a} --strategy sliding-window y`;", false)).toEqual(['governor', 'x ', ' --strategy sliding-window y']);
    expect(literals('const c = <p title="importance">{"token-budget"}</p>;', true)).toContain('token-budget');
  });
});
