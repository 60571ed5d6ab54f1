/** Why the listener could not listen at `host`:`port`, in words an owner can act on (not Node's `listen EADDRNOTAVAIL …`). */
export function listenFailure(error: unknown, host: string, port: number): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `This machine has no network address ${host}`;
    case 'EACCES':
      return `Port ${port} may not be used by this program (ports below 1024 need special rights)`;
    default:
      return `The listener could not start at ${host}:${port} (${(error as Error).message})`;
  }
}
