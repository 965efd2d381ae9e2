import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  FIRST_SEARCH_QUERY,
  FIRST_SEARCH_SCRIPT_ID,
  scriptJsonText,
  TOTAL_COUNT_HEADER,
  type FirstSearchPayload,
  type RenderedApp,
} from '@limo/contracts';
import { internalCallHeaders, type Logger } from '@limo/platform';
import { FIRST_SEARCH_PRELOAD_TAG } from './preload.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The web app's server build of the home page (`web/src/entry-server.tsx`), under the built app. */
export const HOME_SERVER_ENTRY = join('.ssr', 'entry-server.js');

/** How long a visitor waits for the rendered page before getting the plain one (whose scripts render it). */
const DEFAULT_BUDGET_MS = 1000;
/**
 * Renders are CPU work on the gateway's thread (in the embedded profile, every service's thread):
 * at most one per this interval; a visitor who finds the answer changed sooner gets the plain page.
 */
const DEFAULT_MIN_RENDER_INTERVAL_MS = 5000;

interface ServerEntry {
  renderHomePage(firstSearch: FirstSearchPayload): Promise<RenderedApp>;
}

/** `shell` (a served index.html) with `app`'s styles at the end of <head> and its markup in `#root`, followed by `after`. */
export function injectApp(shell: string, app: RenderedApp, after: string): string {
  return shell
    .replace('</head>', () => `${app.head}</head>`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${app.root}</div>\n    ${after}`);
}

/** The home page with its first results in it, in each encoding a browser may ask for. */
export interface RenderedHome {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface HomeRendererOptions {
  /** The built web app (`web/dist`). */
  webDist: string;
  /** Base URL of the directory service. */
  directoryUrl: string;
  /** INTERNAL_SECRET: the directory sees the gateway's own call, not an outside client's. */
  internalSecret?: string;
  logger: Logger;
  budgetMs?: number;
  minRenderIntervalMs?: number;
}

/** The encoding of a response to `accept-encoding`: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** `shell` (the served index.html of `/`) with the app's styles and markup and the search it shows. */
export function injectHome(shell: string, app: RenderedApp, firstSearch: FirstSearchPayload): string {
  const data = `<script type="application/json" id="${FIRST_SEARCH_SCRIPT_ID}">${scriptJsonText(firstSearch)}</script>`;
  return injectApp(shell.replace(FIRST_SEARCH_PRELOAD_TAG, ''), app, data);
}

/**
 * Serves `/` with its first search already rendered (server-side React, the web app's own
 * components), so a phone shows the first companies as soon as the HTML has arrived; the app then
 * hydrates that markup with the same answer. The directory is asked on every request (the visitor
 * sees its current answer); the page is rendered again only when that answer changed (at most once
 * per `minRenderIntervalMs`). Undefined
 * when the build has no server entry; `render` answers undefined (the caller serves the plain page)
 * when the directory or the render fails or takes longer than the budget, a late render being kept
 * for the next visitor.
 */
export function createHomeRenderer(options: HomeRendererOptions): { render(shell: string): Promise<RenderedHome | undefined> } | undefined {
  const entryFile = join(options.webDist, HOME_SERVER_ENTRY);
  const { directoryUrl, logger } = options;
  if (!existsSync(entryFile)) {
    // Still a working page, only a slower first paint: said once, at start-up.
    logger.warn(
      { entryFile },
      'home page served without its first search: the web build has no server entry (npm run build -w web makes it)',
    );
    return undefined;
  }
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const minRenderIntervalMs = options.minRenderIntervalMs ?? DEFAULT_MIN_RENDER_INTERVAL_MS;
  let lastRenderAt = Number.NEGATIVE_INFINITY;
  let entry: Promise<ServerEntry> | undefined;
  let latest: { key: string; page: Promise<RenderedHome> } | undefined;

  async function build(shell: string, firstSearch: FirstSearchPayload): Promise<RenderedHome> {
    entry ??= import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
    const html = injectHome(shell, await (await entry).renderHomePage(firstSearch), firstSearch);
    const identity = Buffer.from(html, 'utf8');
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzipAsync(identity, { level: 9 }),
    ]);
    return { identity, br, gzip: gz };
  }

  async function render(shell: string): Promise<RenderedHome | undefined> {
    const deadline = AbortSignal.timeout(budgetMs);
    try {
      const res = await fetch(`${directoryUrl}/api/companies?${FIRST_SEARCH_QUERY}`, {
        headers: options.internalSecret ? internalCallHeaders(options.internalSecret) : {},
        signal: deadline,
      });
      if (!res.ok) throw new Error(`directory answered ${res.status}`);
      const body = await res.text();
      const totalHeader = res.headers.get(TOTAL_COUNT_HEADER);
      const total = totalHeader !== null && /^\d+$/.test(totalHeader.trim()) ? Number(totalHeader) : null;
      const companies: unknown = JSON.parse(body);
      if (!Array.isArray(companies)) throw new Error('directory answered a non-list');
      const key = createHash('sha256').update(shell).update('\0').update(String(total)).update('\0').update(body).digest('hex');
      if (latest?.key !== key) {
        if (Date.now() - lastRenderAt < minRenderIntervalMs) return undefined;
        lastRenderAt = Date.now();
        const page = build(shell, { companies, total });
        latest = { key, page };
        // A failed render is not kept: the next visitor tries again.
        page.catch((err: unknown) => {
          logger.warn({ err }, 'home page not rendered on the server');
          if (latest?.page === page) latest = undefined;
        });
      }
      const page = latest.page;
      return await Promise.race([
        page,
        new Promise<undefined>((resolve) => deadline.addEventListener('abort', () => resolve(undefined), { once: true })),
      ]);
    } catch (err) {
      logger.warn({ err }, 'home page served without its first results');
      return undefined;
    }
  }

  return { render };
}
