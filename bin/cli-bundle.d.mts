// The types of cli-bundle.mjs (plain JavaScript, as everything Node runs from bin/ before the CLI is).
export declare const BUNDLE_DIR: string;
export declare const BUNDLE_FILE: string;
export declare const SOURCES_FILE: string;
export declare const HOST_BUNDLE_DIR: string;
export declare const HOST_BUNDLE_FILE: string;
export declare function freshBundle(root: string, bundleDir?: string, bundleFile?: string): string | undefined;
