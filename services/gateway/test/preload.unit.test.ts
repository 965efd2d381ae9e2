import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_SEARCH_QUERY } from '@limo/contracts';
import { homePreloadTags, pagePreloadTags } from '../src/preload.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function dist(manifest: unknown, routeChunks?: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-preload-'));
  dirs.push(dir);
  await mkdir(join(dir, '.vite'));
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  if (routeChunks) await writeFile(join(dir, '.vite', 'route-chunks.json'), JSON.stringify(routeChunks));
  return dir;
}

// Low priority: the page is on screen before its code runs, and the HTML's own resources come first.
const preload = (file: string) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}" />`;

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
      preload('assets/HomePage-1.js'),
      preload('assets/card-1.js'),
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

describe('company, city and state page preloads', () => {
  // As the web build writes them: the city and state screens merged into one chunk the manifest keys by
  // its file name only, the company screen keyed by its module.
  // The entry (src/main.tsx) imports the app's chunk after the first paint; index.html preloads that one itself.
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['_app-1.js'] },
    '_app-1.js': { file: 'assets/app-1.js', imports: ['index.html', '_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor-1.js' },
    '_shared.js': { file: 'assets/shared-1.js' },
    'src/pages/CompanyPage.tsx': {
      file: 'assets/CompanyPage-1.js',
      imports: ['index.html', '_app-1.js', '_vendor.js', '_shared.js', '_table.js'],
    },
    '_table.js': { file: 'assets/table-1.js' },
    '_StatePage-1.js': { file: 'assets/StatePage-1.js', imports: ['index.html'] },
  };
  const routeChunks = {
    'src/pages/CompanyPage.tsx': 'assets/CompanyPage-1.js',
    'src/pages/CityPage.tsx': 'assets/StatePage-1.js',
    'src/pages/StatePage.tsx': 'assets/StatePage-1.js',
  };

  it("preloads each page's screen chunk and its imports, not what index.html loads already (the entry and the app's chunk)", async () => {
    expect(pagePreloadTags(await dist(manifest, routeChunks))).toEqual({
      company: [preload('assets/CompanyPage-1.js'), preload('assets/table-1.js')],
      city: [preload('assets/StatePage-1.js')],
      state: [preload('assets/StatePage-1.js')],
    });
  });

  it('leaves out a page whose chunk the build does not name, and everything without route-chunks.json', async () => {
    const { 'src/pages/CityPage.tsx': _city, ...withoutCity } = routeChunks;
    expect(Object.keys(pagePreloadTags(await dist(manifest, withoutCity)))).toEqual(['company', 'state']);
    expect(pagePreloadTags(await dist(manifest))).toEqual({});
  });
});
