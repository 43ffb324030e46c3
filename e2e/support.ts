/**
 * Helpers for the inspector's e2e tests: reading the page as a user sees it, and the core run in Node to say
 * what the page should show.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { analyzeTranscript, parseTranscript, planPrune, pruneMessages, type Message, type PruneStrategy } from '../src/core';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
export const SAMPLE = 'spotter-session.jsonl';

export const LANES: readonly { strategy: PruneStrategy; label: string }[] = [
  { strategy: 'sliding-window', label: 'Sliding window' },
  { strategy: 'summarize', label: 'Summarize' },
  { strategy: 'importance', label: 'Importance' },
];

export interface LaneCounts {
  kept: number;
  dropped: number;
  summarized: number;
}

export function fixturePath(name: string): string {
  return `${FIXTURES}${name}`;
}

const parsedCache = new Map<string, Message[]>();

/** The canonical messages of one conversation of a fixture, parsed by the core in Node. */
export function coreMessages(name: string, conversation = 0): Message[] {
  const key = `${name}#${conversation}`;
  let messages = parsedCache.get(key);
  if (!messages) {
    const parsed = parseTranscript(readFileSync(fixturePath(name), 'utf8'), { fileName: name });
    messages = parsed.conversations[conversation]?.messages ?? [];
    parsedCache.set(key, messages);
  }
  return messages;
}

/** What each lane should say, from the core: planPrune, cross-checked against pruneMessages. */
export function coreCounts(messages: Message[], maxTurns: number): Record<PruneStrategy, LaneCounts> {
  const analysis = analyzeTranscript(messages);
  const out = {} as Record<PruneStrategy, LaneCounts>;
  for (const { strategy } of LANES) {
    const plan = planPrune(analysis, { strategy, maxTurns });
    const pruned = pruneMessages(messages, { strategy, maxTurns });
    expect(pruned.length, `${strategy} @ ${maxTurns}: pruneMessages agrees with planPrune`).toBe(
      plan.kept + (plan.summarized > 0 ? 1 : 0),
    );
    out[strategy] = { kept: plan.kept, dropped: plan.dropped, summarized: plan.summarized };
  }
  return out;
}

function number(text: string, word: string): number {
  const match = new RegExp(`([\\d,]+) ${word}`).exec(text);
  return match ? Number((match[1] ?? '').replace(/,/g, '')) : NaN;
}

export async function laneCounts(page: Page): Promise<Record<PruneStrategy, LaneCounts>> {
  const out = {} as Record<PruneStrategy, LaneCounts>;
  for (const { strategy, label } of LANES) {
    const text = (await page.getByRole('region', { name: label, exact: true }).textContent()) ?? '';
    out[strategy] = { kept: number(text, 'kept'), dropped: number(text, 'dropped'), summarized: number(text, 'summarized') };
  }
  return out;
}

export async function expectLanes(page: Page, expected: Record<PruneStrategy, LaneCounts>): Promise<void> {
  await expect.poll(() => laneCounts(page), { timeout: 10_000 }).toEqual(expected);
}

export async function openApp(page: Page, hash = ''): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('file-name')).toHaveText(SAMPLE, { timeout: 20_000 });
  await expect(page.locator('[role="row"][data-index]').first()).toBeVisible();
}

export async function upload(page: Page, name: string, buffer?: Buffer): Promise<void> {
  const input = page.getByLabel('Upload transcript');
  if (buffer) await input.setInputFiles({ name, mimeType: 'application/json', buffer });
  else await input.setInputFiles(fixturePath(name));
}

export async function maxTurnsValue(page: Page): Promise<number> {
  return Number(await page.getByRole('spinbutton', { name: 'Max turns' }).inputValue());
}

export async function setMaxTurns(page: Page, value: number): Promise<void> {
  const box = page.getByRole('spinbutton', { name: 'Max turns' });
  await box.fill(String(value));
  await expect(box).toHaveValue(String(value));
}
