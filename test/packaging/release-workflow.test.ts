/**
 * The release workflow (.github/workflows/release.yml) cannot run here (it needs the network and
 * three systems), so its shape is checked: on tags v*, a matrix of Linux, Windows and macOS on
 * Node 22, the native rebuild for Electron before packaging, each system's installers as
 * electron-builder.yml names them, and one job attaching them all to the release.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '..', '..');
const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8'));
const builder = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8'));

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
const packageJob = workflow.jobs.package as { 'runs-on': string; strategy: { matrix: { include: { os: string; targets: string; packages: string }[] } }; steps: Step[] };
const releaseJob = workflow.jobs.release as { needs: string; permissions: Record<string, string>; steps: Step[] };
const steps = packageJob.steps;
const indexOf = (pattern: RegExp) => steps.findIndex((step) => pattern.test(step.run ?? ''));

describe('the release workflow', () => {
  it('runs on tags v* only', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
  });

  it('packages on Linux, Windows and macOS with Node 22', () => {
    expect(packageJob['runs-on']).toBe('${{ matrix.os }}');
    expect(packageJob.strategy.matrix.include.map((entry) => entry.os)).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ 'node-version': 22 });
  });

  it('installs, rebuilds better-sqlite3 for Electron, builds, packages, then checks the packed module, in that order', () => {
    const order = [
      /^npm ci\b/,
      /electron-builder install-app-deps/,
      /electron-vite build/,
      /electron-builder \$\{\{ matrix\.targets \}\} --publish never/,
      /^node scripts\/check-packed-native\.mjs dist$/,
    ].map(indexOf);
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(order.at(-1)).toBeLessThan(steps.findIndex((step) => step.uses?.startsWith('actions/upload-artifact@')));
  });

  it('builds on each system the installers electron-builder.yml names for it, and uploads them', () => {
    const targetsOf = { 'ubuntu-latest': ['linux', 'AppImage', 'deb'], 'windows-latest': ['win', 'nsis'], 'macos-latest': ['mac', 'dmg'] } as const;
    const extension: Record<string, string> = { AppImage: 'AppImage', deb: 'deb', nsis: 'exe', dmg: 'dmg' };
    for (const { os, targets, packages } of packageJob.strategy.matrix.include) {
      const [platform, ...kinds] = targetsOf[os as keyof typeof targetsOf];
      expect(targets, os).toBe(`--${platform} ${kinds.join(' ')}`);
      expect(builder[platform].target, os).toEqual(kinds);
      expect(packages.trim().split('\n').sort(), os).toEqual(kinds.map((kind) => `dist/*.${extension[kind]}`).sort());
    }
    expect(builder.directories.output).toBe('dist');
  });

  it('the tag must name package.json’s version', () => {
    expect(steps[indexOf(/package\.json/)]?.run).toContain('= "$GITHUB_REF_NAME"');
    expect(indexOf(/package\.json/)).toBeLessThan(indexOf(/^npm ci\b/));
  });

  it('one job, after every package, attaches them to the tag’s release; only it may write', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(releaseJob.needs).toBe('package');
    expect(releaseJob.permissions).toEqual({ contents: 'write' });
    const release = releaseJob.steps.find((step) => step.uses?.startsWith('softprops/action-gh-release@'));
    expect(release?.with).toMatchObject({ files: 'packages/*', fail_on_unmatched_files: true });
  });

  it('every action is pinned to a release, and softprops/action-gh-release to an exact version', () => {
    const uses = [...steps, ...releaseJob.steps].flatMap((step) => (step.uses ? [step.uses] : []));
    expect(uses.every((action) => /@v\d+(\.\d+\.\d+)?$/.test(action))).toBe(true);
    expect(uses.find((action) => action.startsWith('softprops/'))).toMatch(/@v\d+\.\d+\.\d+$/);
  });
});
