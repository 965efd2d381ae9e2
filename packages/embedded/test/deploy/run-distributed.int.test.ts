import { spawn, spawnSync } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const local = fileURLToPath(new URL('../../../../infra/local/', import.meta.url));
const script = join(local, 'run-distributed.sh');

/** How many service processes the script has started so far. */
const starts = async (run: string): Promise<number> => (await readFile(join(run, 'starts'), 'utf8').catch(() => '')).length;

// Issue 23 #9: `make start-distributed &` from a script, then SIGINT to its process group (what
// Ctrl-C does): the stack stops, no service is restarted. Each "service" is a Node process that exits
// on SIGINT or SIGTERM, as ours do; curl answers the health check.
describe('infra/local/run-distributed.sh', () => {
  it('stops the stack on SIGINT to its process group when started in the background', async () => {
    const run = await mkdtemp(join(tmpdir(), 'limo-run-distributed-'));
    try {
      const service = `process.on('SIGINT',()=>process.exit(0));process.on('SIGTERM',()=>process.exit(0));require('fs').appendFileSync(${JSON.stringify(join(run, 'starts'))},'x');setInterval(()=>{},1000);`;
      await writeFile(join(run, 'node'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} -e ${JSON.stringify(service)}\n`);
      await writeFile(join(run, 'curl'), '#!/bin/sh\nexit 0\n');
      await Promise.all(['node', 'curl'].map((bin) => chmod(join(run, bin), 0o755)));
      // A non-interactive shell starting the script with `&`, as `make start-distributed &` does; it
      // outlives the SIGINT itself and ends when the script ends.
      const group = spawn('bash', ['-c', `trap '' INT; bash ${JSON.stringify(script)} & wait $!`], {
        detached: true,
        stdio: 'ignore',
        env: { ...process.env, PATH: `${run}:${process.env.PATH}`, ENGINES: 'external', RUN_DIR: run, JWT_SECRET: 'x'.repeat(40) },
      });
      const exited = new Promise<number | null>((resolve) => group.on('exit', (code) => resolve(code)));
      await expect.poll(() => starts(run), { timeout: 10_000 }).toBe(6);

      process.kill(-group.pid!, 'SIGINT');

      const code = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 8_000))]);
      if (code === 'running') process.kill(-group.pid!, 'SIGKILL');
      expect(code).not.toBe('running');
      // Longer than a supervisor's restart delay (1 s): nothing was started again.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await starts(run)).toBe(6);
    } finally {
      await rm(run, { recursive: true, force: true });
    }
  }, 30_000);
});

// Issue 23 #9: `infra/local/k6.sh run infra/k6/search.js` runs the script (it used to need `run run`).
describe('infra/local/k6.sh run', () => {
  it('runs a script with k6 run, and passes a k6 command as given', async () => {
    // A copy of the script beside a k6 that prints its arguments, in the cache where it looks.
    const dir = await mkdtemp(join(tmpdir(), 'limo-k6-'));
    try {
      await Promise.all(['k6.sh', 'lib.sh'].map((file) => copyFile(join(local, file), join(dir, file))));
      const bin = join(dir, '.cache/k6/vtest/bin');
      await mkdir(bin, { recursive: true });
      await writeFile(join(bin, 'k6'), '#!/bin/sh\necho "k6 $*"\n');
      await chmod(join(bin, 'k6'), 0o755);
      const k6 = (...args: string[]) =>
        spawnSync('bash', [join(dir, 'k6.sh'), 'run', ...args], {
          encoding: 'utf8',
          env: { ...process.env, K6_VERSION: 'vtest' },
        }).stdout.trim();

      expect(k6('infra/k6/search.js', '--vus', '2')).toBe('k6 run infra/k6/search.js --vus 2');
      expect(k6('run', 'infra/k6/search.js')).toBe('k6 run infra/k6/search.js');
      expect(k6('version')).toBe('k6 version');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
