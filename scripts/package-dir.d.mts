// The types of package-dir.mjs (plain JavaScript: electron-builder and a shell run it without tsx).
export declare const ROOT: string;
export declare const FUSE_SENTINEL: string;
export declare function pinnedElectronVersion(): string;
export declare function makeStandInElectron(dir: string): string;
export declare function sizeOf(path: string): number;
export declare function packageDir(outDir: string): Promise<string>;
