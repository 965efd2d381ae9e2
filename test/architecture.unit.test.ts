import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `services/<name>/src`, `packages/<name>/src`, `packages/engines/<name>/src` and `packages/ports/<name>/src` of every workspace. */
const sources = ['services', 'packages', 'packages/engines', 'packages/ports']
  .flatMap((dir) => readdirSync(`${root}/${dir}`).map((name) => `${dir}/${name}/src`))
  .filter((src) => existsSync(`${root}/${src}`));

function describeViolation(v: IViolation): string {
  const path = v.cycle?.length ? [v.from, ...v.cycle.map((step) => step.name)] : [v.from, v.to];
  return `${v.rule.name}: ${path.join(' -> ')}`;
}

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('has no folder or module cycle, no package importing a service but the composition root, no service importing another or a Kafka client, engine drivers only in engine packages and those only from a composition root, and adapters imported only by their declaration', async () => {
    process.chdir(root);
    const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
    const tsConfig = extractTSConfig('tsconfig.test.json');
    const { output } = await cruise(sources, options, {}, { tsConfig });
    const { summary } = output as ICruiseResult;

    expect(summary.totalCruised, 'the cruise found the sources').toBeGreaterThan(100);
    const known = summary.violations.filter((v) => v.rule.severity !== 'error');
    if (known.length > 0) console.warn(`known exceptions (see .dependency-cruiser.cjs):\n${known.map(describeViolation).join('\n')}`);
    expect(summary.violations.filter((v) => v.rule.severity === 'error').map(describeViolation)).toEqual([]);
  });
});
