import { expect, test, type Request } from '@playwright/test';
import { lane, openApp, setMaxMessages, upload } from './support';

test('no network request after the page has loaded, while loading, pruning, searching and exporting', async ({ page, baseURL }) => {
  const requests: { url: string; phase: string }[] = [];
  let phase = 'startup';
  page.on('request', (request: Request) => requests.push({ url: request.url(), phase }));
  await openApp(page);
  await page.waitForLoadState('networkidle');
  const startup = requests.map((r) => new URL(r.url));
  // Everything at startup is this origin: the page, its assets, the worker and the embedded sample.
  for (const url of startup) expect(url.origin, url.href).toBe(new URL(baseURL!).origin);
  expect(startup.some((u) => u.pathname.endsWith('/samples/spotter-session.jsonl'))).toBe(true);

  phase = 'after-load';
  for (const value of [10, 100, 150, 5]) await setMaxMessages(page, value);
  await page.getByRole('combobox', { name: 'Count tokens with' }).selectOption('o200k_base');
  await expect(page.getByTestId('token-status')).toHaveText('counted with o200k_base', { timeout: 20_000 });
  await upload(page, 'spotter-tool-heavy.jsonl');
  await expect(page.getByTestId('file-name')).toHaveText('spotter-tool-heavy.jsonl');
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('Read');
  await page.locator('#row-2').dblclick();
  await page.getByRole('button', { name: 'Raw JSON' }).click();
  const download = page.waitForEvent('download');
  await lane(page, 'Importance').getByRole('button', { name: 'Importance lane: options, export, order' }).click();
  await page.getByRole('button', { name: 'Download Importance transcript' }).click();
  await download;
  await page.waitForTimeout(300);
  // The only thing fetched later is the app's own code: a token vocabulary loads when it is first needed, and each new
  // file opens in a fresh prune worker (its script). No request goes anywhere else, and none carries anything of the
  // transcript.
  const after = requests.filter((r) => r.phase === 'after-load' && !r.url.startsWith('blob:') && !r.url.startsWith('data:'));
  for (const { url } of after) {
    expect(new URL(url).origin, url).toBe(new URL(baseURL!).origin);
    expect(new URL(url).pathname, url).toMatch(/^\/assets\/[\w.-]+\.js$/);
  }
});

test('the page declares a Content-Security-Policy limiting connections to its own origin', async ({ page }) => {
  // The preview server also sends it as a header, which (unlike the meta tag) reaches the worker.
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("connect-src 'self'");
  await openApp(page);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  // And the browser enforces it: a fetch to another origin is refused.
  const blocked = await page.evaluate(async () => {
    try {
      await fetch('https://example.com/');
      return false;
    } catch {
      return true;
    }
  });
  expect(blocked).toBe(true);
});

test('a transcript holding <script> and <img onerror> renders as text and runs nothing', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const outbound: string[] = [];
  await openApp(page);
  page.on('request', (request) => outbound.push(request.url()));
  const payload = '<script>window.__xss = "script"; alert(1)</script><img src=x onerror="window.__xss = \'img\'; alert(2)">';
  const transcript = [
    { role: 'user', content: payload },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: `Sure: ${payload}` },
        { type: 'tool_use', id: 'toolu_x', name: '<img src=x onerror=alert(3)>', input: { command: payload } },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: payload, is_error: true }] },
    { role: 'assistant', content: '<svg onload="window.__xss=\'svg\'"></svg><a href="javascript:alert(4)">link</a>' },
  ];
  await upload(page, 'xss.json', Buffer.from(JSON.stringify(transcript)));
  await expect(page.getByTestId('file-name')).toHaveText('xss.json');
  for (const index of [0, 1, 2, 3]) {
    await page.locator(`#row-${index}`).dblclick();
    await expect(page.getByRole('heading', { name: new RegExp(`Message #${index}`) })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Raw JSON' }).click();
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('<script>');
  await expect(page.getByTestId('match-count')).toHaveText(/matches|1 \//);
  await page.waitForTimeout(300);
  // The markup is visible as text…
  await expect(page.locator('#row-0')).toContainText('<script>window.__xss');
  // …and nothing ran or was fetched.
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await page.locator('main script, main img, main svg[onload], main a[href^="javascript"]').count()).toBe(0);
  // The app's own code may still arrive (a vocabulary loaded on first count); nothing else may be fetched.
  const origin = new URL(page.url()).origin;
  const ownCode = (u: string) => u.startsWith(`${origin}/assets/`) && u.endsWith('.js');
  expect(outbound.filter((u) => !u.startsWith('blob:') && !u.startsWith('data:') && !ownCode(u))).toEqual([]);
});
