import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The dev server injects inline scripts (React refresh) that the page's CSP forbids; only the build keeps it. */
function dropCspInDev(): Plugin {
  return {
    name: 'prunescope:drop-csp-in-dev',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/s, ''),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), dropCspInDev()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
