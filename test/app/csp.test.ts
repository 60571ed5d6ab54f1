/**
 * The renderer's Content Security Policy (src-main/host/csp.ts; security checklist item 7), which the
 * app:// protocol, the session and the browser host send and the build writes into index.html.
 */
import { describe, expect, test } from 'vitest';
import { CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_META } from '../../src-main/host/csp';

/** The policy's directives by name, each with its values. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe('the CSP', () => {
  const policy = directives(CONTENT_SECURITY_POLICY);

  test('denies by default, and scripts come only from the app itself: no inline script, no eval, no other origin', () => {
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  test('no plugins, no <base> rewriting, no form posting anywhere, no framing of the app', () => {
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  test('nothing is fetched from outside the app (data: only for images and fonts)', () => {
    for (const [name, values] of policy) {
      for (const value of values) expect(["'self'", "'none'", "'unsafe-inline'", 'data:'], `${name} ${value}`).toContain(value);
      if (values.includes("'unsafe-inline'")) expect(name).toBe('style-src'); // naive-ui injects its styles
      if (values.includes('data:')) expect(['img-src', 'font-src']).toContain(name);
    }
  });

  test('the meta tag carries the same policy less frame-ancestors (which a meta tag may not set)', () => {
    const meta = directives(CONTENT_SECURITY_POLICY_META);
    expect(meta.has('frame-ancestors')).toBe(false);
    expect(new Map([...policy].filter(([name]) => name !== 'frame-ancestors'))).toEqual(meta);
  });
});
