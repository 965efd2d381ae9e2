import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCHEMAS = fileURLToPath(new URL('./fixtures/sitemap/', import.meta.url));

/** Why sitemap validation cannot run here, or undefined when xmllint is installed. CI must have it (infra/local/chromium.sh). */
export function sitemapSchemaSkipReason(): string | undefined {
  const probe = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
  if (!probe.error) return undefined;
  if (process.env.CI) throw new Error('xmllint is missing in CI: infra/local/chromium.sh installs libxml2-utils');
  return 'skipped: xmllint is not installed (apt-get install -y libxml2-utils)';
}

/**
 * `xml` checked by `xmllint --schema` against the sitemaps.org schema of a sitemap (`urlset`) or a
 * sitemap index: undefined when valid, else xmllint's complaint.
 */
export function sitemapSchemaErrors(xml: string, kind: 'urlset' | 'index'): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'sitemap-'));
  try {
    const file = join(dir, 'sitemap.xml');
    writeFileSync(file, xml);
    const schema = join(SCHEMAS, kind === 'urlset' ? 'sitemap.xsd' : 'siteindex.xsd');
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { encoding: 'utf8' });
    return run.status === 0 ? undefined : `${run.stderr}${run.stdout}`.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
