/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): self time by function and by file, top N; with
 * --heap, a sampling heap profile (bytes allocated) the same way.
 * `npx tsx scripts/bench/profile-summary.ts [--heap] <file> [N]`
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}
interface HeapNode {
  id: number;
  callFrame: Node['callFrame'];
  selfSize: number;
  children: HeapNode[];
}

const heap = process.argv.includes('--heap');
const [file, top = '40'] = process.argv.slice(2).filter((a) => a !== '--heap');
if (!file) throw new Error('usage: profile-summary [--heap] <file> [N]');
const byId = new Map<number, Pick<Node, 'callFrame'>>();
/** Self time (µs) or bytes allocated, by profile node. */
const self = new Map<number, number>();
if (heap) {
  const walk = (n: HeapNode) => {
    byId.set(n.id, n);
    self.set(n.id, n.selfSize);
    n.children.forEach(walk);
  };
  walk((JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode }).head);
} else {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  for (const n of profile.nodes) byId.set(n.id, n);
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
}
const unit = heap ? 'KB' : 'ms';
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const short = url.replace(/^.*node_modules\//, 'nm/').replace(/^file:\/\/.*?\/(packages|services|scripts)\//, '$1/');
  const fn = `${functionName || '(anonymous)'}  ${short}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const group = short.startsWith('nm/')
    ? short
        .split('/')
        .slice(0, short.startsWith('nm/@') ? 3 : 2)
        .join('/')
    : short || functionName;
  byFile.set(group, (byFile.get(group) ?? 0) + us);
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ${unit})`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ${unit}  ${k}`);
};
print(heap ? 'allocated by function' : 'self time by function', byFunction);
print(heap ? 'allocated by file / package' : 'self time by file / package', byFile);
