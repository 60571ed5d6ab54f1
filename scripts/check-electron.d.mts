// The types of check-electron.mjs (plain JavaScript: `npm start` runs it before anything is built).
export declare function electronProblem(from?: string, env?: NodeJS.ProcessEnv): string | null;
export declare function missingElectronMessage(problem: string, version: string): string;
