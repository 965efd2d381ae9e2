import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_SEARCH_QUERY } from '@limo/contracts';
import { createLogger } from '@limo/platform';
import { createHomeRenderer, HOME_SERVER_ENTRY, injectHome, pickEncoding } from '../src/home-render.js';
import { FIRST_SEARCH_PRELOAD_TAG } from '../src/preload.js';

const SHELL = `<html><head>\n    ${FIRST_SEARCH_PRELOAD_TAG}\n  </head><body><div id="root"></div></body></html>`;
const HOSTILE = '</script><script>alert(1)</script><!--';
const logger = createLogger('silent');

/** A stand-in for the web app's server build: counts its renders, and waits `globalThis.renderDelayMs`. */
const FAKE_ENTRY = `
export async function renderHomePage(firstSearch) {
  globalThis.homeRenders = (globalThis.homeRenders ?? 0) + 1;
  await new Promise((resolve) => setTimeout(resolve, globalThis.renderDelayMs ?? 0));
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    head: '<style data-served-css="a1">.css-a1{color:red}</style>',
    root: '<ul>' + firstSearch.companies.map((c) => '<li data-testid="company-card">' + esc(c.name) + '</li>').join('') + '</ul><p>' + firstSearch.total + '</p>',
  };
}`;

declare global {
  var homeRenders: number | undefined;
  var renderDelayMs: number | undefined;
}

const dirs: string[] = [];
let directory: Server;
let directoryUrl: string;
let answer: { status: number; companies: unknown; total?: string };
let asked: string[] = [];

async function webDist(withEntry = true): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-home-'));
  dirs.push(dir);
  if (withEntry) {
    await mkdir(join(dir, '.ssr'));
    await writeFile(join(dir, HOME_SERVER_ENTRY), FAKE_ENTRY);
  }
  return dir;
}

beforeAll(async () => {
  directory = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.total ? { 'x-total-count': answer.total } : {}) });
    res.end(JSON.stringify(answer.companies));
  });
  await new Promise<void>((resolve) => directory.listen(0, '127.0.0.1', resolve));
  directoryUrl = `http://127.0.0.1:${(directory.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => directory.close(resolve));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
beforeEach(() => {
  answer = { status: 200, companies: [{ id: 'a', name: HOSTILE }], total: '42' };
  asked = [];
  globalThis.homeRenders = 0;
  globalThis.renderDelayMs = 0;
});

describe('home page rendered with its first search', () => {
  it('is not offered when the build has no server entry, and says so at start-up', async () => {
    const warnings: string[] = [];
    const listening = Object.assign(Object.create(logger) as typeof logger, {
      warn: (_fields: unknown, message: string) => void warnings.push(message),
    });
    expect(createHomeRenderer({ webDist: await webDist(false), directoryUrl, logger: listening })).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('home page served without its first search')]);
  });

  it("puts the directory's first search in #root and as JSON no company text can break out of", async () => {
    const home = createHomeRenderer({ webDist: await webDist(), directoryUrl, logger })!;
    const page = await home.render(SHELL);
    expect(asked).toEqual([`/api/companies?${FIRST_SEARCH_QUERY}`]);
    const html = page!.identity.toString('utf8');
    expect(html).toContain(
      '<div id="root"><ul><li data-testid="company-card">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--</li></ul><p>42</p></div>',
    );
    // The styles of that markup at the end of <head>, where the browser has them before it draws the page.
    expect(html).toMatch(/<style data-served-css="a1">\.css-a1\{color:red\}<\/style><\/head>/);
    // One script element (the data), whose text cannot close it or open a comment.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const json = /<script type="application\/json" id="first-search">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual({ companies: [{ id: 'a', name: HOSTILE }], total: 42 });
    // The app does not call for what it was served.
    expect(html).not.toContain(FIRST_SEARCH_PRELOAD_TAG);
    expect(brotliDecompressSync(page!.br).equals(page!.identity)).toBe(true);
    expect(gunzipSync(page!.gzip).equals(page!.identity)).toBe(true);
  });

  it('asks the directory on every visit and renders again only when its answer changed', async () => {
    const home = createHomeRenderer({ webDist: await webDist(), directoryUrl, logger, minRenderIntervalMs: 0 })!;
    const first = await home.render(SHELL);
    expect(await home.render(SHELL)).toBe(first);
    expect(globalThis.homeRenders).toBe(1);
    answer = { status: 200, companies: [{ id: 'b', name: 'Blue Line Limo' }] };
    const changed = await home.render(SHELL);
    expect(globalThis.homeRenders).toBe(2);
    expect(changed!.identity.toString()).toContain('Blue Line Limo</li></ul><p>null</p>');
    expect(asked).toHaveLength(3);
  });

  it('serves the plain page when the directory fails, and when the render is late (kept for the next visitor)', async () => {
    const home = createHomeRenderer({ webDist: await webDist(), directoryUrl, logger, budgetMs: 300, minRenderIntervalMs: 0 })!;
    answer = { status: 503, companies: { message: 'down' } };
    expect(await home.render(SHELL)).toBeUndefined();
    answer = { status: 200, companies: { not: 'a list' } };
    expect(await home.render(SHELL)).toBeUndefined();
    answer = { status: 200, companies: [{ id: 'c', name: 'Carey' }], total: '1' };
    globalThis.renderDelayMs = 600;
    expect(await home.render(SHELL)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await home.render(SHELL))!.identity.toString()).toContain('Carey');
    expect(globalThis.homeRenders).toBe(1);
  });

  it('renders at most once per interval: a changed answer sooner gets the plain page', async () => {
    const home = createHomeRenderer({ webDist: await webDist(), directoryUrl, logger, minRenderIntervalMs: 400 })!;
    expect(await home.render(SHELL)).toBeDefined();
    answer = { status: 200, companies: [{ id: 'd', name: 'Dav El' }], total: '1' };
    expect(await home.render(SHELL)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await home.render(SHELL))!.identity.toString()).toContain('Dav El');
    expect(globalThis.homeRenders).toBe(2);
  });
});

describe('response encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['BR', 'br'],
    ['identity', undefined],
    [undefined, undefined],
  ])('%s -> %s', (accept, expected) => {
    expect(pickEncoding(accept)).toBe(expected);
  });

  it('injects nothing into a page without the empty root', () => {
    expect(injectHome('<div id="app"></div>', { head: '', root: '<p>x</p>' }, { companies: [], total: 0 })).toBe('<div id="app"></div>');
  });
});
