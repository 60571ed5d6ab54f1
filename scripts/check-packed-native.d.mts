// The types of check-packed-native.mjs (plain JavaScript: the release workflow runs it with node).
export declare function electronAbi(): number;
export declare function abiOf(file: string): number | undefined;
export declare function packedModules(folder: string): string[];
export declare function packedNativeProblems(folder: string, abi?: number): string[];
