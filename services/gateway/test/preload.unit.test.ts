import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_SEARCH_QUERY } from '@limo/contracts';
import { homePreloadTags } from '../src/preload.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function dist(manifest: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-preload-'));
  dirs.push(dir);
  await mkdir(join(dir, '.vite'));
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('home page preloads', () => {
  it("preloads the home route chunk and its own imports (not the entry's), and the first search", async () => {
    const tags = homePreloadTags(
      await dist({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-1.js' },
        'src/pages/HomePage.tsx': { file: 'assets/HomePage-1.js', imports: ['_shared.js', '_card.js'] },
        '_card.js': { file: 'assets/card-1.js' },
      }),
    );
    expect(tags).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/HomePage-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/card-1.js" />',
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/companies?${FIRST_SEARCH_QUERY.replace(/&/g, '&amp;')}" />`,
    ]);
  });

  it("preloads only the first search when the home page's code is in the entry chunk", async () => {
    const tags = homePreloadTags(
      await dist({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: [] },
        'src/pages/CompanyPage.tsx': { file: 'assets/CompanyPage-1.js', imports: ['index.html'] },
      }),
    );
    expect(tags).toEqual([
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/companies?${FIRST_SEARCH_QUERY.replace(/&/g, '&amp;')}" />`,
    ]);
  });

  it('adds nothing without a manifest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-preload-'));
    dirs.push(dir);
    expect(homePreloadTags(dir)).toEqual([]);
  });
});
