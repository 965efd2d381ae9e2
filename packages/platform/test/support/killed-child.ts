import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The root's tsconfig.test.json maps each @limo/* workspace to its sources, so the child needs no build.
const tsconfig = fileURLToPath(new URL('../../../../tsconfig.test.json', import.meta.url));

/** Runs a TypeScript script in a child process (tsx); resolves once it died of SIGKILL (anything else rejects). */
export function runUntilKilled(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig, ...env },
      stdio: 'inherit',
    });
    proc.on('error', reject);
    proc.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`the child exited with ${code ?? signal}, not killed`)),
    );
  });
}
