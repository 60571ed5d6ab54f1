import { extname } from 'node:path';

/** The content types of the built renderer's files: the app:// protocol and the browser host serve the same files. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** A renderer file's content type, by its extension; bytes of any other kind are sent as such. */
export const contentTypeOf = (file: string): string => CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
