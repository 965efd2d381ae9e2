import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startThrowaway, type ThrowawaySystem } from '@limo/embedded';

/** One mail of the product's file outbox. */
export type OutboxEntry = Awaited<ReturnType<ThrowawaySystem['outbox']>>[number];

const CHROMIUM_PATH = '/usr/bin/chromium';
const WEB_DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * A describe block that runs only where Debian's Chromium is installed (infra/local/chromium.sh).
 * Elsewhere it says "skipped: chromium not installed"; in CI (CI=true) a missing browser fails.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (existsSync(CHROMIUM_PATH)) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      throw new Error(`${CHROMIUM_PATH} is missing: CI must install it (infra/local/chromium.sh)`);
    });
    return;
  }
  console.warn(`skipped: chromium not installed (${name}; install it with infra/local/chromium.sh)`);
  describe.skip(`${name} — skipped: chromium not installed`, body);
}

/** The running product for a journey file: every service and the gateway serving web/dist. */
export interface Product {
  url: string;
  system: ThrowawaySystem;
  admin: { email: string; password: string };
  close(): Promise<void>;
}

/** Starts the real product on free ports with a fresh data folder and the demo directory (`env` on top). */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('web/dist is missing: build the web app first (`npm run build -w web`; `make test` does it)');
  }
  const admin = { email: 'admin@e2e.example', password: 'admin-pass-e2e-123' };
  const system = await startThrowaway({
    ...(process.env.E2E_LOG_LEVEL ? { LOG_LEVEL: process.env.E2E_LOG_LEVEL } : {}),
    SEED_DEMO_DATA: 'true',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    WEB_DIST,
    ...env,
  });
  return {
    url: system.url,
    system,
    admin,
    close: () => system.close(),
  };
}

/**
 * Headless Debian Chromium. Playwright gives every launch a fresh temporary profile
 * (--user-data-dir) of its own and refuses one passed here, so no session state leaks between runs.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return { browser, close: () => browser.close() };
}

/** A browser session: its page, and the uncaught script errors seen so far (a journey expects none). */
export interface Session {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
}

/** A fresh browser session (no cookies) on the product, at a given window size. */
async function openSession(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
  { javaScriptEnabled = true }: { javaScriptEnabled?: boolean } = {},
): Promise<Session> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'America/New_York', javaScriptEnabled });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return { context, page, pageErrors };
}

/**
 * The product and the browser one journey file drives, with every session it opened. Make one at
 * the top of the file and call `start()` first in the describeInBrowser body: the product and
 * Chromium start before its tests; after them no page may have thrown, and both close.
 */
export class BrowserSuite {
  private startedProduct: Product | undefined;
  private startedBrowser: Browser | undefined;
  private closeBrowser: (() => Promise<void>) | undefined;
  private readonly sessions: Session[] = [];

  /** `env`: settings of the product on top of the journeys' own, read when it starts (after earlier beforeAll hooks). */
  constructor(private readonly env: () => Record<string, string> = () => ({})) {}

  /** The running product (inside the suite's tests). */
  get product(): Product {
    if (!this.startedProduct) throw new Error('the product is not started: call start() in the describe body');
    return this.startedProduct;
  }

  /** The running browser (inside the suite's tests). */
  get browser(): Browser {
    if (!this.startedBrowser) throw new Error('the browser is not started: call start() in the describe body');
    return this.startedBrowser;
  }

  /** Registers the suite's beforeAll and afterAll. */
  start(): void {
    beforeAll(async () => {
      this.startedProduct = await startProduct(this.env());
      ({ browser: this.startedBrowser, close: this.closeBrowser } = await launchBrowser());
    });
    afterAll(async () => {
      for (const s of this.sessions) expect(s.pageErrors, 'uncaught errors in the page').toEqual([]);
      await this.closeBrowser?.();
      await this.startedProduct?.close();
    });
  }

  /** Waits for the mail tagged `tag` to `to` in the product's outbox and answers it. */
  async mailTo(to: string, tag: string): Promise<OutboxEntry> {
    const find = async () => (await this.product.system.outbox()).find((m) => m.to === to && m.tag === tag);
    await expect.poll(find, { timeout: 10_000 }).toBeTruthy();
    return (await find())!;
  }

  /** Every mail tagged `tag` to `to` so far. */
  async mailsTo(to: string, tag: string): Promise<OutboxEntry[]> {
    return (await this.product.system.outbox()).filter((m) => m.to === to && m.tag === tag);
  }

  /** A fresh session on the product (scripts off with `javaScriptEnabled: false`); its page must not throw before the suite ends. */
  async session(viewport?: { width: number; height: number }, options?: { javaScriptEnabled?: boolean }): Promise<Session> {
    const s = await openSession(this.browser, this.product.url, viewport, options);
    this.sessions.push(s);
    return s;
  }
}

/** Saves a full-page screenshot of the screen as web/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage, animations: 'disabled' });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string; failureSummary?: string }>;
}

/** Runs axe-core in the page and fails on any serious or critical violation (WCAG 2.x A/AA rules). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A control mid-transition (e.g. the home page's "Near Me" button fading in from disabled when the
  // visitor's place is found) has a contrast of neither end: axe would judge a frame, not the page.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  // Evaluated rather than added as an inline <script>: the app's CSP (rightly) refuses inline scripts.
  await page.evaluate(await readFile(AXE_SCRIPT, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: n.html.slice(0, 200), why: n.failureSummary })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${page.url()}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/**
 * Scrolls the home page to its footer until the floating "Request City Quotes" button shows, as a
 * visitor scrolls again when the page moved under them: the served page takes its scripts a moment
 * after it is on screen (longer on a loaded machine), and the layout may shift as they start.
 */
export async function scrollToFooterUntilVisible(page: Page, target: Locator, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    await page.locator('footer').scrollIntoViewIfNeeded();
    if (await target.isVisible()) return;
    if (Date.now() > deadline) throw new Error(`not visible after scrolling to the footer for ${timeoutMs} ms`);
    await page.waitForTimeout(250);
  }
}

/** yyyy-MM-dd of a day `days` from today. */
export function isoDaysFromNow(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Waits for a toast with this title (and text) and answers its text; a failure lists the toasts that did show. */
export async function expectToast(page: Page, title: string, text = ''): Promise<string> {
  const toasts = page.getByTestId('toast');
  await expect.poll(() => toasts.allTextContents(), { timeout: 15_000 }).toContainEqual(expect.stringContaining(`${title}${text}`));
  return (await toasts.allTextContents()).find((t) => t.startsWith(title)) ?? '';
}

/** A business account made through the API, signed in for the page's browser context. */
export async function signUpBusiness(page: Page, name: string): Promise<{ email: string; password: string }> {
  const email = `${name}@owner.example`;
  const password = 'owner-pass-123';
  const res = await page.request.post('/api/register', { data: { username: name, email, password, role: 'business' } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password };
}

/** Pays $75 with a simulator test card on the card form of the page (checkout, registration, upgrade). */
export async function payWithCard(page: Page, card: string): Promise<void> {
  await page.getByTestId('test-mode-note').waitFor();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$75\.00$/ }).click();
}

/**
 * Opens /claim-business, searches `city` (lower case, as typed) and opens the claim confirmation of its
 * first available company; answers the company's name.
 */
export async function firstAvailableIn(page: Page, city: string): Promise<string> {
  await page.goto('/claim-business');
  await page.getByLabel('Search by business name, city, state or e-mail').fill(city);
  await expect.poll(() => page.getByTestId('claim-total').textContent()).toMatch(new RegExp(`matching "${city}"`));
  await expect.poll(() => page.getByTestId('claim-card').first().textContent()).toMatch(new RegExp(city, 'i'));
  await page.getByTestId('claim-card').filter({ hasText: 'Available' }).first().getByRole('link', { name: 'Claim This Business' }).click();
  const confirmation = page.getByTestId('claim-confirmation');
  await confirmation.waitFor();
  return (await confirmation.getByRole('heading', { level: 2 }).textContent())!;
}

/** Signs in through the /login form and waits for the page the role lands on (`landing`, e.g. '/admin'). */
export async function signIn(page: Page, account: { email: string; password: string }, landing: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**${landing}`);
}

/**
 * Registers a business account through the API (which signs it in for the page's browser context) and
 * lists a company of its own; answers the company's id.
 */
export async function registerOwnerWithCompany(
  page: Page,
  origin: string,
  owner: { username: string; email: string; password: string },
  company: Record<string, unknown>,
): Promise<string> {
  const headers = { origin };
  const registered = await page.request.post('/api/register', { headers, data: { ...owner, role: 'business' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const listed = await page.request.post('/api/companies', { headers, data: company });
  expect(listed.status(), await listed.text()).toBe(201);
  return ((await listed.json()) as { id: string }).id;
}

/**
 * Fills /request-city-quote after its city: the customer's contact details and a wedding trip in Miami
 * (Fontainebleau to Vizcaya, the 20th of next month at 4:30 PM, 7-8 passengers, a stretch limousine).
 */
export async function fillMiamiWeddingRequest(page: Page, customer: { name: string; email: string; phone: string }): Promise<void> {
  await page.getByLabel('Full Name').fill(customer.name);
  await page.getByLabel('Email Address').fill(customer.email);
  await page.getByLabel('Phone Number').fill(customer.phone);
  await page.getByLabel('Service Type').selectOption('Wedding');
  await page.getByLabel('Pickup Location').fill('Fontainebleau, Miami Beach');
  await page.getByLabel('Dropoff Location').fill('Vizcaya Museum, Miami');
  await page.getByRole('button', { name: 'Trip Date' }).click();
  await page.getByRole('button', { name: 'Go to next month' }).click();
  await page.getByRole('button', { name: '20', exact: true }).click();
  await page.getByLabel('Trip Time').selectOption('4:30 PM');
  await page.getByLabel('Number of Passengers').selectOption('7-8');
  await page.getByLabel('Preferred Vehicle Type').selectOption('Stretch Limousine');
}
