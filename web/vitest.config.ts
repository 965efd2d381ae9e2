import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Component tests: Testing Library in jsdom, one project of the root `npx vitest run`. */
export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@limo/contracts': here('../packages/contracts/src/index.ts') } },
  test: {
    name: 'web',
    root: here('.'),
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
