/**
 * Import cycles are kept out of src by `npm run lint` (after ESLint): no module may reach itself through its
 * imports, type-only ones included, and no top folder of src/core or src/ui may reach itself through another
 * (the layers inside the core: types ← text, tokens, links ← plan ← governor, context-pruner, requests ←
 * strategies ← prune, replay; see src/core/strategies/README.md). ESLint's import-x/no-cycle would do the first at
 * several times the cost on this tree, and neither has the second.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'A module reaches itself through its imports (type-only imports count: they tie the files together too).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'A folder reaches itself through another folder: move what both need into a lower one.',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^src/core/index\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.app.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
