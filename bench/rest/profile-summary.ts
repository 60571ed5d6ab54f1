/**
 * Where a server's CPU time went, from a `--profile DIR` profile (node --cpu-prof): self time by
 * package or source folder, and the busiest functions. Idle time is left out of the shares.
 *
 *   node --import tsx bench/rest/profile-summary.ts FILE.cpuprofile [--top 25]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
if (!positionals.length) throw new Error('usage: profile-summary.ts FILE.cpuprofile… [--top 25]');

/** What a frame belongs to: a package, a folder of this repository, a part of Node, or V8's own. */
function areaOf({ url, functionName }: ProfileNode['callFrame']): string {
  if (!url) return functionName || '(anonymous)'; // (garbage collector), (program), (idle)
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/(src-main|src-shared|bench)\/(?:([^/]+)\/)?/.exec(url);
  if (own) return own[2] && !own[2].endsWith('.ts') ? `${own[1]}/${own[2]}` : own[1]!;
  const node = /^node:(?:internal\/)?([^/]+)/.exec(url);
  return node ? `node:${node[1]}` : url;
}

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += micros;
    const area = areaOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + micros);
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(node_modules|src-main|src-shared|bench)\//, '$1/')}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const rows = (map: Map<string, number>, limit: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, micros]) => `  ${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  console.log(`${file}: ${(busy / 1000).toFixed(0)} ms busy\n\nSelf time by area:\n${rows(areas, 30).join('\n')}\n`);
  console.log(`Busiest functions (self):\n${rows(functions, Number(values.top)).join('\n')}\n`);
}
