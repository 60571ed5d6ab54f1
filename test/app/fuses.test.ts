/**
 * Electron's fuses (security checklist item 19; src-main/app/hardening/fuses.ts): the configuration,
 * and the afterPack hook flipping them for real with @electron/fuses on a stand-in binary. A stand-in
 * is enough: the library finds the fuse wire by its sentinel (version byte, length byte, then one
 * '0'/'1' byte per fuse) anywhere in the file, and rewrites only those bytes.
 */
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { afterPack, APP_FUSES, flipAppFuses, packedBinary, type PackedApp } from '../../src-main/app/hardening/fuses';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 45's fuse wire as shipped (build/fuses/fuses.json5): nine fuses, the ninth wasmTrapHandlers. */
const ELECTRON_45_WIRE = '101100011';
const ON = '1'.charCodeAt(0);
const OFF = '0'.charCodeAt(0);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'petstore-fuses-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A file shaped like an Electron binary where it matters: code, the sentinel, the wire, more code. */
function standInBinary(file: string, wire = ELECTRON_45_WIRE, version = 1): string {
  const code = Buffer.alloc(4096, 0xcc);
  writeFileSync(file, Buffer.concat([code, Buffer.from(SENTINEL), Buffer.from([version, wire.length]), Buffer.from(wire), code]));
  return file;
}

/** The wire's bytes as '0'/'1' text, read straight from the file. */
function wireOf(file: string): string {
  const bytes = readFileSync(file);
  const at = bytes.indexOf(SENTINEL) + SENTINEL.length;
  return bytes.subarray(at + 2, at + 2 + bytes[at + 1]!).toString('latin1');
}

describe('the fuse configuration', () => {
  test.each([
    ['RunAsNode', false],
    ['EnableNodeOptionsEnvironmentVariable', false],
    ['EnableNodeCliInspectArguments', false],
    ['EnableCookieEncryption', true],
    ['EnableEmbeddedAsarIntegrityValidation', true],
    ['OnlyLoadAppFromAsar', true],
    ['GrantFileProtocolExtraPrivileges', false],
    ['LoadBrowserProcessSpecificV8Snapshot', false],
  ] as const)('%s is %s', (fuse, expected) => {
    expect(APP_FUSES[FuseV1Options[fuse]]).toBe(expected);
  });

  test('sets every fuse this @electron/fuses knows, leaving none to the binary’s default', () => {
    const known = Object.values(FuseV1Options).filter((value) => typeof value === 'number');
    expect(known).toHaveLength(8);
    for (const fuse of known) expect(typeof APP_FUSES[fuse as FuseV1Options], FuseV1Options[fuse as FuseV1Options]).toBe('boolean');
  });
});

describe('flipping the fuses of a packed binary', () => {
  test('flips the eight known fuses of Electron 45’s wire and leaves the ninth (wasmTrapHandlers) on', async () => {
    const binary = standInBinary(join(dir, 'pet-store-clerk'));
    await flipAppFuses(binary);
    //                          RunAsNode, Cookie, NODE_OPTIONS, inspect, integrity, asar only, snapshot, file://, wasm
    expect(wireOf(binary)).toBe('0' + '1' + '0' + '0' + '1' + '1' + '0' + '0' + '1');
    const wire = await getCurrentFuseWire(binary);
    expect(wire[FuseV1Options.RunAsNode]).toBe(OFF);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON);
    // Only the wire changed: the rest of the file is byte for byte the same.
    const before = readFileSync(standInBinary(join(dir, 'original')));
    const after = readFileSync(binary);
    expect(after.length).toBe(before.length);
    expect(after.filter((byte, i) => byte !== before[i]).length).toBeLessThanOrEqual(9);
  });

  test('a binary without a fuse wire, with a wire of another version, or one too short, fails the build', async () => {
    const plain = join(dir, 'not-electron');
    writeFileSync(plain, Buffer.alloc(1024, 0xcc));
    await expect(flipAppFuses(plain)).rejects.toThrow(/Could not find sentinel/);
    await expect(flipAppFuses(standInBinary(join(dir, 'future'), ELECTRON_45_WIRE, 2))).rejects.toThrow(/does not match/);
    // Electron 22–28's wire had seven fuses: GrantFileProtocolExtraPrivileges could not be turned off.
    await expect(flipAppFuses(standInBinary(join(dir, 'old'), '1011000'))).rejects.toThrow(/GrantFileProtocolExtraPrivileges/);
  });

  test('the afterPack hook finds the packed binary on each platform and flips it', async () => {
    const packed = (electronPlatformName: string, executableName?: string): PackedApp => ({
      appOutDir: join(dir, 'linux-unpacked'),
      electronPlatformName,
      arch: 1,
      packager: { appInfo: { productFilename: 'Pet Store Clerk' }, executableName },
    });
    expect(packedBinary(packed('linux', 'pet-store-clerk'))).toBe(join(dir, 'linux-unpacked', 'pet-store-clerk'));
    expect(packedBinary(packed('win32'))).toBe(join(dir, 'linux-unpacked', 'Pet Store Clerk.exe'));
    expect(packedBinary(packed('darwin'))).toBe(join(dir, 'linux-unpacked', 'Pet Store Clerk.app'));

    mkdirSync(join(dir, 'linux-unpacked'));
    const binary = standInBinary(join(dir, 'linux-unpacked', 'pet-store-clerk'));
    await afterPack(packed('linux', 'pet-store-clerk'));
    expect(wireOf(binary)).toBe('010011001');
  });
});
