import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU ticks (1/100 s) used so far by each thread of this process, by thread name from /proc (the main
 * thread as 'main'; libuv's pool and V8's helpers are named 'node'; chDB's own threads keep
 * ClickHouse's names without their numbers: 'ThreadPool', 'MergeMutate'...).
 */
export function threadTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = tid === String(process.pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(name, (ticks.get(name) ?? 0) + Number(fields[11]) + Number(fields[12]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ticks;
}
