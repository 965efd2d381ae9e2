/**
 * The product as `npm run lighthouse` and `npm run fast3g` measure it: the embedded profile with the demo
 * directory serving the built web app (`WEB_DIST`, default web/dist), a one-layer map style served on
 * 127.0.0.1 (no network), no Google key, and the three landing pages of issue 19, each rendered once
 * (a site in service is warm: the first render loads the server build).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startThrowaway } from '@limo/embedded';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Chromium's flags for measuring: headless, no background traffic, every host but this machine unresolvable. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
/** A MapLibre style with one background layer: nothing to fetch beyond itself. */
const STYLE = {
  version: 8,
  name: 'measure',
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#dde8ee' } }],
};

export interface MeasuredProduct {
  url: string;
  /** `/`, the first company's page and a city page. */
  pages: string[];
  close(): Promise<void>;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A page's name in a table: the company page's id left out. */
export const pageLabel = (path: string) => (path.startsWith('/company/') ? '/company/{id}' : path);

export async function startMeasuredProduct(): Promise<MeasuredProduct> {
  const styleServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(STYLE));
  });
  await new Promise<void>((resolve) => styleServer.listen(0, '127.0.0.1', resolve));
  const styleUrl = `http://127.0.0.1:${(styleServer.address() as AddressInfo).port}/style.json`;
  const system = await startThrowaway({
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SEED_DEMO_DATA: 'true',
    WEB_DIST: process.env.WEB_DIST ?? fileURLToPath(new URL('../web/dist/', import.meta.url)),
    MAP_STYLE_URL: styleUrl,
    GOOGLE_MAPS_API_KEY: '',
  });
  const close = async () => {
    await system.close();
    await new Promise((resolve) => styleServer.close(resolve));
  };
  try {
    const companies = (await (await fetch(`${system.url}/api/companies?distance=25&page=1&limit=15`)).json()) as Array<{ id: string }>;
    if (!companies[0]) throw new Error('the demo directory has no company');
    const pages = ['/', `/company/${encodeURIComponent(companies[0].id)}`, '/limo-service/fl/miami'];
    for (const path of pages) await (await fetch(system.url + path)).text();
    return { url: system.url, pages, close };
  } catch (err) {
    await close();
    throw err;
  }
}
