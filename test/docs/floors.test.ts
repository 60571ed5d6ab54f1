/**
 * The floors of src-main (docs/architecture.md) are checked by lint, not by discipline: eslint.config.js
 * refuses an import that goes up a floor or sideways, and lets every one that goes down through.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

/** The import-boundary messages lint gives `from` importing `source`. */
async function refusals(from: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${source}';\nexport const y = x;\n`, { filePath: from });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

test.each([
  ['src-main/db/connection.ts', '../service/live-files'],
  ['src-main/db/repositories/pets.ts', '../../service/store'],
  ['src-main/service/backup.ts', '../host/open-store'],
  ['src-main/rest/app.ts', '../ipc/register'],
  ['src-main/ipc/register.ts', '../rest/http-errors'],
  ['src-main/host/shell-handlers.ts', '../app/desktop-handlers'],
  ['src-main/browser-host/main.ts', '../cli/open-store'],
  ['src-main/browser-host/server.ts', '../app/csp'],
  ['src-main/cli/run.ts', '../browser-host/server'],
  ['src-main/app/hardening/app-scheme.ts', '../../cli/open-store'],
  ['src-main/host/listener-control.ts', '../remote/tls-pin'],
  ['src-main/rest/tls/shop-certificate.ts', '../../remote/tls-pin'],
])('%s may not import %s (up a floor, or beside)', async (from, source) => {
  expect(await refusals(from, source)).toEqual([expect.stringMatching(/^'.*' import is restricted .*floors are db → service → rest, ipc → host, remote → app, cli, browser-host/)]);
});

test.each([
  ['src-main/service/backup.ts', '../db/live-files'],
  ['src-main/rest/auth.ts', '../service/tokens'],
  ['src-main/host/listener-control.ts', '../rest/listener'],
  ['src-main/browser-host/main.ts', '../host/open-store'],
  ['src-main/app/hardening/renderer-protocol.ts', '../../host/renderer-files'],
  ['src-main/cli/commands/data.ts', '../../db/private-files'],
  ['src-main/cli/commands/data.ts', '../output'],
  ['src-main/remote/rest-client.ts', '../rest/operation-routes'],
  ['src-main/browser-host/connection.ts', '../remote/connected-till'],
])('%s may import %s (down, or its own folder)', async (from, source) => {
  expect(await refusals(from, source)).toEqual([]);
});
