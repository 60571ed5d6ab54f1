/**
 * The renderer's Content Security Policy, sent by the Electron session and the browser host alike,
 * and written into the built index.html (electron.vite.config.ts). Styles allow 'unsafe-inline'
 * because the component library injects its styles at run time; scripts come only from the app itself.
 */
const DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
];

export const CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');

/** The same policy for a `<meta>` tag, which may not carry frame-ancestors (browsers warn and ignore it). */
export const CONTENT_SECURITY_POLICY_META = DIRECTIVES.filter((directive) => !directive.startsWith('frame-ancestors')).join('; ');
