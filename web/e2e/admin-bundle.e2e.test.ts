import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { initialChunks } from '../scripts/bundle-size';

const manifest = fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url));

describe('bundle weight of the admin dashboard', () => {
  it('keeps the admin screens out of the home route, and the chart library out of the admin route', () => {
    expect(existsSync(manifest), 'web/dist is missing: build the web app first (`make test` does it)').toBe(true);
    // The home route is one entry chunk: its modules are read from the source map.
    expect(
      initialChunks()
        .flatMap((c) => [c.file, ...c.sources])
        .join(' '),
    ).not.toMatch(/AdminPage|charts/);
    const admin = initialChunks('src/pages/AdminPage.tsx');
    const totalKb = admin.reduce((sum, c) => sum + c.gzipBytes, 0) / 1024;
    console.log(`admin route initial JS: ${totalKb.toFixed(1)} KB gzipped in ${admin.length} chunks (charts load on first use)`);
    expect(admin.map((c) => c.file).join(' ')).toMatch(/AdminPage/);
    expect(admin.map((c) => c.file).join(' ')).not.toMatch(/charts/);
  });
});
