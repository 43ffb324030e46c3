/**
 * Import cycles are kept out of src by `npm run lint` (after ESLint): no module may reach itself through its imports,
 * type-only ones included, and no folder may reach itself through another (the core's layers are in
 * src/core/strategies/README.md). ESLint's import-x/no-cycle covers only the first, at a cost that grows with the
 * tree; this takes about 5 s of CPU for all of src, with a cache for the next run.
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
