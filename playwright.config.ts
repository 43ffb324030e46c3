import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium where it exists: Playwright's own browser download does not work on our machines.
const executablePath =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ??
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const port = Number(process.env.E2E_PORT ?? 4319);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two workers on the two-core machines the suite runs on: 119 journeys in about 9 minutes instead of 18; one retry
  // so a journey that times out once under load is reported flaky rather than failing the run.
  workers: 2,
  retries: 1,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace only on the retry of a journey that failed once: recording one for every journey (retain-on-failure)
    // cost a quarter of the journeys' CPU (20 journeys: 167–174 s against 131–134 s, measured by cgroup).
    trace: 'on-first-retry',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  webServer: {
    command: `npx vite preview --strictPort --port ${port} --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
