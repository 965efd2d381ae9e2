// Import rules of the monorepo, checked by test/architecture.unit.test.ts in `make test`
// (`npx depcruise -c .dependency-cruiser.cjs services/*/src packages/*/src` shows the same report).
// Layers inside a service: routes and consumers -> operations -> repositories (I/O) -> domain (pure);
// search and payments are ports with their adapters. No folder may need a folder that needs it back.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment:
        'Two folders of a service or package import each other (e.g. domain/ <-> repositories/): move the shared piece down a layer.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(services|packages)/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycle',
      comment: 'Two modules import each other, directly or through others.',
      severity: 'error',
      // The one known exception (packages/embedded's index.ts <-> throwaway.ts) is reported by the
      // rule below instead; the composition-root rework removes it. Delete both lines then.
      from: { path: '^(services|packages)/[^/]+/src/', pathNot: '^packages/embedded/src/(index|throwaway)\\.ts$' },
      to: { circular: true },
    },
    {
      name: 'known-cycle-embedded-throwaway',
      comment: 'Known: packages/embedded/src/index.ts re-exports throwaway.ts, which starts the system through index.ts.',
      severity: 'warn',
      from: { path: '^packages/embedded/src/(index|throwaway)\\.ts$' },
      to: { circular: true },
    },
    {
      name: 'packages-not-to-services',
      comment: 'Shared packages never know a service; only the composition root (packages/embedded) does.',
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/embedded/' },
      to: { path: '^services/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    // Its paths map each @limo/* workspace to its sources, so imports between workspaces are followed.
    tsConfig: { fileName: 'tsconfig.test.json' },
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    exclude: { path: ['(^|/)dist/', '(^|/)test/', '\\.test\\.ts$'] },
  },
};
