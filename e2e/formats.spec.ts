import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { linkToolCalls } from '../src/core';
import { coreCounts, coreMessages, expectLanes, fixturePath as fixturePathOf, lane, maxMessagesValue, openApp, setMaxMessages, upload, useMessages } from './support';

const CASES = [
  { file: 'spotter-session.messages.json', format: 'Anthropic Messages' },
  { file: 'pause-turn-web-search.messages.json', format: 'Anthropic Messages' },
  { file: 'spotter-tool-heavy.jsonl', format: 'Claude Code session' },
  { file: 'codemie-session-9eda1058.jsonl', format: 'Claude Code session' },
  { file: 'codex-rollout-agentcmd-2025-09-24.jsonl', format: 'OpenAI Responses' },
  { file: 'openhands-sdk-fncall-llm-message.json', format: 'OpenAI Chat' },
  { file: 'swe-agent-function-calling-simple.traj', format: 'SWE-agent trajectory' },
  { file: 'swe-agent-gpt4-pydicom-1458.traj', format: 'SWE-agent trajectory' },
  { file: 'swe-agent-marshmallow-1867-replay.traj', format: 'SWE-agent trajectory' },
  { file: 'mini-swe-agent-run.traj.json', format: 'mini-SWE-agent trajectory' },
  { file: 'langchain-messages-to-dict.json', format: 'LangChain messages' },
  { file: 'langgraph-thread-state.json', format: 'LangChain messages' },
  { file: 'codemie-session-2025-12-01.json', format: 'Gemini CLI session' },
  { file: 'openhands-basic.json', format: 'OpenHands events' },
  { file: 'openhands-basic-gui-mode.json', format: 'OpenHands events' },
  { file: 'openhands-wrong-initial-state.json', format: 'OpenHands events' },
  { file: 'ai-sdk-tool-loop.model-messages.json', format: 'AI SDK messages' },
  { file: 'ai-sdk-chat.ui-messages.json', format: 'AI SDK UI messages' },
  { file: 'otel-genai-openai-js.jsonl', format: 'OpenTelemetry GenAI' },
  { file: 'otel-genai-written.trace.json', format: 'OpenTelemetry GenAI' },
] as const;

/** Files whose tool pairs are known (a call's result inside the call, an observation by id, a UI part's states): the core must link that many. */
const PAIRS: Partial<Record<string, number>> = {
  'codemie-session-2025-12-01.json': 10,
  'openhands-basic.json': 1,
  'openhands-basic-gui-mode.json': 4,
  'openhands-wrong-initial-state.json': 3,
  'ai-sdk-tool-loop.model-messages.json': 8,
  'ai-sdk-chat.ui-messages.json': 8,
  'otel-genai-openai-js.jsonl': 3,
  'otel-genai-written.trace.json': 1,
};

// Five files per journey, opened one after another in one page (a person opening another file): each journey booted
// the app for one file before, 20 boots for what 4 show as well.
const PER_JOURNEY = 5;
for (let start = 0; start < CASES.length; start += PER_JOURNEY) {
  const cases = CASES.slice(start, start + PER_JOURNEY);
  test(`upload, one after another: ${cases.map(({ file }) => file).join(', ')}`, async ({ page }) => {
    test.setTimeout(cases.length * 60_000);
    await openApp(page);
    await useMessages(page);
    for (const { file, format } of cases) {
      await test.step(`${file} (${format})`, async () => {
        await upload(page, file);
        await expect(page.getByTestId('file-name')).toHaveText(file, { timeout: 20_000 });
        await expect(page.getByTestId('format')).toHaveText(format);
        // The file chooser offers every registered format's extensions.
        await expect(page.getByLabel('Upload transcript')).toHaveAttribute('accept', '.json,.jsonl,.traj');
        const messages = coreMessages(file);
        await expect(page.getByTestId('doc-stats')).toContainText(`${messages.length} messages`);
        // Calls and results are linked: the pairs the core finds in the messages as opened.
        const pairs = linkToolCalls(messages).pairs.length;
        if (PAIRS[file] !== undefined) expect(pairs, 'the pairs these files hold').toBe(PAIRS[file]);
        await expect(page.getByTestId('tool-pairs')).toContainText(`${pairs} pair${pairs === 1 ? '' : 's'}`);
        await expect(page.getByRole('alert')).toHaveCount(0);
        await expectLanes(page, coreCounts(messages, await maxMessagesValue(page)));
        const bound = Math.max(1, Math.floor(messages.length / 5));
        await setMaxMessages(page, bound);
        await expectLanes(page, coreCounts(messages, bound));
        await expect(lane(page, 'Importance').getByTestId('verdict')).not.toHaveText('checking…');
      });
    }
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

test('a SWE-agent run shows its recorded total beside the counted requests, and the replay beside its bill', async ({ page }) => {
  const file = 'swe-agent-gpt4-pydicom-1458.traj';
  await openApp(page);
  await upload(page, file);
  await expect(page.getByTestId('file-name')).toHaveText(file, { timeout: 20_000 });
  await expect(page.getByTestId('format')).toHaveText('SWE-agent trajectory');
  // Exact counts arrive after the first paint; the total is held against them.
  const total = page.getByTestId('recorded-total');
  await expect(total).toHaveText(/^122,612 in · counted 122,\d{3} · 12 requests · \$1\.27$/, { timeout: 30_000 });
  await expect(total).toHaveAttribute('title', /info\.model_stats.*12 requests, 122,612 input, 1,369 output, \$1\.27/);
  await page.getByRole('tab', { name: 'Replay' }).click();
  await expect(page.getByTestId('replay-recorded-total')).toContainText('12 requests replayed vs 12 recorded', { timeout: 30_000 });
  await expect(page.getByTestId('replay-recorded-total')).toContainText('vs $1.27 recorded');
});

test('a SWE-agent run with a record that cannot be read says it is one and which record; the open transcript stays', async ({ page }) => {
  await openApp(page);
  const before = await page.getByTestId('file-name').textContent();
  const run = JSON.parse(readFileSync(fixturePathOf('swe-agent-gpt4-pydicom-1458.traj'), 'utf8'));
  run.history[4] = 42;
  await upload(page, 'broken.traj', Buffer.from(JSON.stringify(run, null, 4)));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('broken.traj');
  await expect(alert).toContainText('is a SWE-agent trajectory (.traj), but history[4] is not an object');
  await expect(alert).not.toContainText('a JSON object with the key');
  await expect(page.getByTestId('file-name')).toHaveText(before ?? '');
});

test('a GenAI trace recorded without message content says why it cannot be read', async ({ page }) => {
  await openApp(page);
  // The traces line of the real export alone: spans with usage and no content.
  const traces = readFileSync(fixturePathOf('otel-genai-openai-js.jsonl'), 'utf8').split('\n')[0] ?? '';
  await upload(page, 'otel-genai-openai-js.traces.json', Buffer.from(traces));
  await expect(page.getByRole('alert')).toContainText('GenAI spans without message content: content capture is opt-in', { timeout: 20_000 });
});
