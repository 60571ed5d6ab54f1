#!/usr/bin/env node
/**
 * The release workflow runs this after packaging: every better_sqlite3.node packed under FOLDER (dist/)
 * must be built for Electron's ABI, not Node's. A rebuild that silently used Node's headers (npm's
 * nodedir passed on) gives a package that cannot open its database; this stops that release.
 * The ABI is read from the binary's `node_register_module_v<ABI>` export, on every system's format.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Electron's ABI (NODE_MODULE_VERSION), as the installed electron package states it. */
export function electronAbi() {
  return Number(readFileSync(createRequire(import.meta.url).resolve('electron/abi_version'), 'utf8').trim());
}

/** The ABI a native module was built for, or undefined when it names none. */
export function abiOf(file) {
  const match = /node_register_module_v(\d+)/.exec(readFileSync(file).toString('latin1'));
  return match ? Number(match[1]) : undefined;
}

/** Every packed better_sqlite3.node under `folder`. */
export function packedModules(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'better_sqlite3.node' && entry.parentPath.includes('app.asar.unpacked'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** What is wrong with the native modules packed under `folder` (one line each); empty when nothing is. */
export function packedNativeProblems(folder, abi = electronAbi()) {
  const modules = packedModules(folder);
  if (modules.length === 0) return [`no better_sqlite3.node in an app.asar.unpacked under ${folder}`];
  return modules.flatMap((file) => {
    const found = abiOf(file);
    return found === abi ? [] : [`${file} is built for ABI ${found ?? 'unknown'}, not Electron's ${abi}`];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = resolve(process.argv[2] ?? 'dist');
  const problems = packedNativeProblems(folder);
  if (problems.length > 0) {
    console.error(`The packed app cannot open its database: better-sqlite3 was not rebuilt for Electron.\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`better-sqlite3 in ${folder} is built for Electron's ABI ${electronAbi()}`);
}
