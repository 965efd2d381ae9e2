import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_DATA_SCRIPT_ID, scriptJsonText, type PageData, type RenderedApp } from '@limo/contracts';
import type { Logger } from '@limo/platform';
import { HOME_SERVER_ENTRY, injectApp } from './home-render.js';

interface ServerEntry {
  renderPage(location: string, data: PageData): Promise<RenderedApp>;
}

/**
 * How long a visitor waits for the rendered markup before getting the page the browser renders. A
 * render takes tens of milliseconds; the first of a page with data it has not drawn yet, several
 * hundred on a busy machine, and a crawler would get an empty page without it.
 */
const DEFAULT_BUDGET_MS = 2000;
/** Rendered pages kept (by location and data): a crawler's second visit, a popular city, cost no render. */
const KEPT_PAGES = 200;

/** Renders made at start-up, one per screen the gateway renders (their code loaded, their styles made). */
const WARM_UP: ReadonlyArray<[string, PageData]> = [
  ['/company/warm-up', { kind: 'company', id: 'warm-up', company: null }],
  ['/limo-service/zz/warm-up', { kind: 'city', state: 'zz', city: 'warm-up', page: 1, data: null }],
  ['/limo-service/zz', { kind: 'state', state: 'zz', summary: null }],
  ['/warm-up/none', { kind: 'none' }],
];

export interface PageRendererOptions {
  /** The built web app (`web/dist`). */
  webDist: string;
  logger: Logger;
  budgetMs?: number;
}

/** `shell` (a served index.html) with the app's styles and markup and the data it was rendered with. */
function injectPage(shell: string, app: RenderedApp, data: PageData): string {
  return injectApp(shell, app, `<script type="application/json" id="${PAGE_DATA_SCRIPT_ID}">${scriptJsonText(data)}</script>`);
}

/**
 * Renders company, city and state pages (and the not-found screen) on the server with the web
 * app's own components and the data the gateway fetched for them, so they read without JavaScript
 * and show their content as soon as the HTML arrives; the app hydrates that markup with the same
 * data. The markup is kept per location and data (a change of data renders again). `ready` settles
 * once the server build is loaded and has rendered each kind of page once (the gateway waits for it
 * before it listens, so the first crawler gets a rendered page too). Undefined when
 * the build has no server entry; `render` answers undefined (the caller serves the page the browser
 * renders) when the render fails or outlasts the budget.
 */
export function createPageRenderer(
  options: PageRendererOptions,
): { render(shell: string, location: string, data: PageData): Promise<string | undefined>; ready: Promise<void> } | undefined {
  const entryFile = join(options.webDist, HOME_SERVER_ENTRY);
  if (!existsSync(entryFile)) return undefined;
  const { logger } = options;
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  // Loaded and run once at start-up, not by the first visitor: loading the server build and each
  // screen's code, and the first render, outlast a page's budget (about a second on a busy machine).
  const entry = import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
  const ready = entry
    .then(async (loaded) => {
      for (const [location, data] of WARM_UP) await loaded.renderPage(location, data);
    })
    .catch((err: unknown) => logger.warn({ err, entryFile }, 'pages served without server rendering: the server entry does not render'));
  const kept = new Map<string, Promise<string>>();

  async function build(shell: string, location: string, data: PageData): Promise<string> {
    return injectPage(shell, await (await entry).renderPage(location, data), data);
  }

  async function render(shell: string, location: string, data: PageData): Promise<string | undefined> {
    const key = createHash('sha256').update(shell).update('\0').update(location).update('\0').update(JSON.stringify(data)).digest('hex');
    let page = kept.get(key);
    if (page) {
      // Most recently used last: the oldest goes first when the map is full.
      kept.delete(key);
      kept.set(key, page);
    } else {
      page = build(shell, location, data);
      kept.set(key, page);
      if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value!);
      const built = page;
      built.catch((err: unknown) => {
        logger.warn({ err, location }, 'page not rendered on the server');
        if (kept.get(key) === built) kept.delete(key);
      });
    }
    const deadline = AbortSignal.timeout(budgetMs);
    try {
      return await Promise.race([
        page,
        new Promise<undefined>((resolve) => deadline.addEventListener('abort', () => resolve(undefined), { once: true })),
      ]);
    } catch {
      return undefined;
    }
  }

  return { render, ready };
}
