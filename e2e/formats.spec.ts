import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { coreCounts, coreMessages, expectLanes, fixturePath as fixturePathOf, lane, maxMessagesValue, openApp, setMaxMessages, upload, useMessages } from './support';

const CASES = [
  { file: 'spotter-session.messages.json', format: 'Anthropic Messages' },
  { file: 'pause-turn-web-search.messages.json', format: 'Anthropic Messages' },
  { file: 'spotter-tool-heavy.jsonl', format: 'Claude Code session' },
  { file: 'codemie-session-9eda1058.jsonl', format: 'Claude Code session' },
  { file: 'codex-rollout-agentcmd-2025-09-24.jsonl', format: 'OpenAI Responses' },
  { file: 'openhands-sdk-fncall-llm-message.json', format: 'OpenAI Chat' },
  { file: 'ai-sdk-tool-loop.model-messages.json', format: 'AI SDK messages' },
  { file: 'ai-sdk-chat.ui-messages.json', format: 'AI SDK UI messages' },
  { file: 'otel-genai-openai-js.jsonl', format: 'OpenTelemetry GenAI' },
  { file: 'otel-genai-written.trace.json', format: 'OpenTelemetry GenAI' },
] as const;

/** The AI SDK and OTel fixtures: their tool pairs as the core links them, shown in the top bar. */
const PAIRS: Partial<Record<string, number>> = {
  'ai-sdk-tool-loop.model-messages.json': 8,
  'ai-sdk-chat.ui-messages.json': 8,
  'otel-genai-openai-js.jsonl': 3,
  'otel-genai-written.trace.json': 1,
};

for (const { file, format } of CASES) {
  test(`upload ${file} (${format})`, async ({ page }) => {
    await openApp(page);
    await useMessages(page);
    await upload(page, file);
    await expect(page.getByTestId('file-name')).toHaveText(file, { timeout: 20_000 });
    await expect(page.getByTestId('format')).toHaveText(format);
    // The file chooser offers every registered format's extensions.
    await expect(page.getByLabel('Upload transcript')).toHaveAttribute('accept', '.json,.jsonl');
    const messages = coreMessages(file);
    await expect(page.getByTestId('doc-stats')).toContainText(`${messages.length} messages`);
    const pairs = PAIRS[file];
    if (pairs !== undefined) await expect(page.getByTestId('doc-stats')).toHaveText(`${messages.length} messages · ${pairs} tool pair${pairs === 1 ? '' : 's'}`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectLanes(page, coreCounts(messages, await maxMessagesValue(page)));
    const bound = Math.max(1, Math.floor(messages.length / 5));
    await setMaxMessages(page, bound);
    await expectLanes(page, coreCounts(messages, bound));
    await expect(lane(page, 'Importance').getByTestId('verdict')).not.toHaveText('checking…');
  });
}

test('a file with many conversations offers a picker (tau-bench, 200 conversations)', async ({ page }) => {
  const file = 'tau-bench-gpt-4o-airline.json';
  await openApp(page);
  await upload(page, file);
  await expect(page.getByTestId('file-name')).toHaveText(file, { timeout: 20_000 });
  await expect(page.getByTestId('format')).toHaveText('OpenAI Chat');
  const picker = page.getByLabel('Conversation');
  await expect(picker.locator('option')).toHaveCount(200);
  await expect(page.getByTestId('doc-stats')).toContainText(`${coreMessages(file, 0).length} messages`);
  await picker.selectOption('7');
  const messages = coreMessages(file, 7);
  await expect(page.getByTestId('doc-stats')).toContainText(`${messages.length} messages`);
  await setMaxMessages(page, 9);
  await expectLanes(page, coreCounts(messages, 9));
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('conv=7');
});

test('a newer load supersedes one still running: the stale answer is never shown', async ({ page }) => {
  await openApp(page);
  const input = page.getByLabel('Upload transcript');
  // The big file first, the small one right after; whatever order the work finishes in, the small one wins.
  await input.setInputFiles(fixturePathOf('tau-bench-gpt-4o-airline.json'));
  await input.setInputFiles(fixturePathOf('spotter-short.jsonl'));
  await expect(page.getByTestId('file-name')).toHaveText('spotter-short.jsonl', { timeout: 20_000 });
  await expect(page.getByTestId('doc-stats')).toContainText(`${coreMessages('spotter-short.jsonl').length} messages`);
  // Still so once the older load would have finished.
  await expect(page.getByTestId('token-status')).toHaveText(/counted with|estimate/);
  await expect(page.getByTestId('file-name')).toHaveText('spotter-short.jsonl');
});

test('a GenAI trace recorded without message content says why it cannot be read', async ({ page }) => {
  await openApp(page);
  // The traces line of the real export alone: spans with usage and no content.
  const traces = readFileSync(fixturePathOf('otel-genai-openai-js.jsonl'), 'utf8').split('\n')[0] ?? '';
  await upload(page, 'otel-genai-openai-js.traces.json', Buffer.from(traces));
  await expect(page.getByRole('alert')).toContainText('GenAI spans without message content: content capture is opt-in', { timeout: 20_000 });
});
