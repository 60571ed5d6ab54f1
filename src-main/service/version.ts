/** The application version, from package.json (bundled into the app at build time). */
import pkg from '../../package.json' with { type: 'json' };

export const APP_VERSION: string = pkg.version;
