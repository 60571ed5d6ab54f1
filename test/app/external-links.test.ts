/**
 * Which URLs shell.openExternal may open (src-main/app/hardening/external-links.ts; security checklist
 * items 14 and 15): only the running REST listener's API reference, and never a new window.
 */
import { describe, expect, test } from 'vitest';
import { apiReferenceUrl } from '../../src-shared/api-reference';
import { externalLinkCheck, windowOpenDecision } from '../../src-main/app/hardening/external-links';

/** The check with the listener running at `api` (its status's url), or off (null). */
const linksWith = (api: string | null) => externalLinkCheck(() => api);

describe('links that open in the user’s browser', () => {
  test('the API reference of the running listener, as Settings links it', () => {
    expect(linksWith('http://127.0.0.1:8787/v1')('http://127.0.0.1:8787/docs')).toBe(true);
    expect(linksWith('http://[::1]:9000/v1')('http://[::1]:9000/docs')).toBe(true);
    expect(linksWith('http://192.168.1.20:8787/v1')('http://192.168.1.20:8787/docs')).toBe(true);
  });

  test('the one rule for the reference: the link Settings shows is the link that opens', () => {
    for (const api of ['http://127.0.0.1:8787/v1', 'http://[::1]:9000/v1/']) {
      expect(apiReferenceUrl(api)).toBe(api.replace(/\/v1\/?$/, '/docs'));
      expect(linksWith(api)(apiReferenceUrl(api)), api).toBe(true);
    }
  });

  test('nothing while the listener is off', () => {
    expect(linksWith(null)('http://127.0.0.1:8787/docs')).toBe(false);
  });

  test('no other http(s) URL, not another port or host, not another page of the listener', () => {
    const isExternal = linksWith('http://127.0.0.1:8787/v1');
    for (const url of [
      'https://evil.example/',
      'http://evil.example/docs',
      'https://127.0.0.1:8787/docs',
      'http://127.0.0.1:8788/docs',
      'http://localhost:8787/docs',
      'http://127.0.0.1:8787/v1',
      'http://127.0.0.1:8787/v1/pets',
      'http://127.0.0.1:8787/docs/../v1/tokens',
      'http://127.0.0.1:8787/docs?url=https://evil.example/',
      'http://127.0.0.1:8787/docs#x',
      'http://user:secret@127.0.0.1:8787/docs',
      'http://127.0.0.1:8787.evil.example/docs',
    ]) {
      expect(isExternal(url), url).toBe(false);
    }
  });

  test('no other scheme: files, programs, mail, scripts', () => {
    const isExternal = linksWith('http://127.0.0.1:8787/v1');
    for (const url of ['file:///etc/passwd', 'smb://server/share/run.exe', 'ms-msdt:/id PCWDiagnostic', 'mailto:a@b.example', 'javascript:alert(1)', 'app://petstore/index.html', 'not a url', '']) {
      expect(isExternal(url), url).toBe(false);
    }
  });

  test('window.open and target=_blank never open a window; only the app’s own link goes to the browser', () => {
    const isExternal = linksWith('http://127.0.0.1:8787/v1');
    expect(windowOpenDecision('http://127.0.0.1:8787/docs', isExternal)).toEqual({ action: 'deny', openExternally: true });
    expect(windowOpenDecision('https://evil.example/', isExternal)).toEqual({ action: 'deny', openExternally: false });
    expect(windowOpenDecision('app://petstore/index.html', isExternal)).toEqual({ action: 'deny', openExternally: false });
    expect(windowOpenDecision('about:blank', isExternal)).toEqual({ action: 'deny', openExternally: false });
  });
});
