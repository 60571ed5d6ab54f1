/**
 * Electron's fuses (security checklist, item 19), flipped in the packed binary at package time, before
 * it is signed: the features an attacker with a shell could use to run code as the app are off, and
 * the app runs only from its own archive. An electron-builder `afterPack` hook calls `afterPack`.
 */
import { flipFuses, FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses';
import { join } from 'node:path';

/**
 * Every fuse @electron/fuses 1.8 knows, set explicitly. Electron 42+ has a ninth (wasmTrapHandlers,
 * left on: WebAssembly's guard pages), which this version cannot name: so not `strictlyRequireAllFuses`.
 */
export const APP_FUSES = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false, // ELECTRON_RUN_AS_NODE would make the app a plain Node
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false, // NODE_OPTIONS=--require evil.js
  [FuseV1Options.EnableNodeCliInspectArguments]: false, // --inspect: a debugger into the main process
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true, // not an app/ folder put beside the archive
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false, // the renderer is served from app://
} as const satisfies FuseV1Config;

/** What an electron-builder afterPack hook is given, as far as finding the binary goes. */
export interface PackedApp {
  appOutDir: string;
  electronPlatformName: string;
  /** electron-builder's Arch: 3 is arm64. */
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

const ARM64 = 3;

/** The packed Electron binary whose fuses are flipped (on macOS the .app; @electron/fuses finds the framework). */
export function packedBinary({ appOutDir, electronPlatformName, packager }: PackedApp): string {
  const { productFilename } = packager.appInfo;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${productFilename}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${productFilename}.exe`);
  return join(appOutDir, packager.executableName ?? productFilename);
}

/**
 * Flips APP_FUSES in `binary`. @electron/fuses throws when the file has no fuse wire, a wire of
 * another version, or one too short for a fuse set here: the build stops rather than ship unfused.
 */
export async function flipAppFuses(binary: string, resetAdHocDarwinSignature = false): Promise<void> {
  await flipFuses(binary, { ...APP_FUSES, resetAdHocDarwinSignature });
}

/** electron-builder's afterPack hook. An arm64 Mac build not signed right after needs its ad-hoc signature reset. */
export async function afterPack(context: PackedApp): Promise<void> {
  const darwin = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  await flipAppFuses(packedBinary(context), darwin && context.arch === ARM64);
}
