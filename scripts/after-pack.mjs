/**
 * electron-builder's afterPack hook (electron-builder.yml): flips Electron's fuses in the packed
 * binary before it is signed. The fuses are declared once, in src-main/app/hardening/fuses.ts, which
 * tsx loads here (electron-builder runs hooks as JavaScript).
 */
import { tsImport } from 'tsx/esm/api';

/** @param {import('../src-main/app/hardening/fuses.ts').PackedApp} context */
export async function afterPack(context) {
  const fuses = await tsImport('../src-main/app/hardening/fuses.ts', import.meta.url);
  await fuses.afterPack(context);
}
