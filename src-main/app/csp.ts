/**
 * The renderer's Content Security Policy, sent by the Electron session and the browser host alike. Styles allow 'unsafe-inline' because the component
 * library injects its styles at run time; scripts come only from the app itself.
 */
export const CONTENT_SECURITY_POLICY = [
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
].join('; ');
