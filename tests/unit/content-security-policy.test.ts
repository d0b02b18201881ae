import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  GOOGLE_TAG_HOSTS,
  addScriptHashes,
  readPage,
  withScriptSources,
} from '../../src/integrations/content-security-policy';
import { finishPage } from '../../src/integrations/island-style';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const BASE = `script-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'`;
const page = (head: string, body = '') =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${BASE}">${head}</head><body>${body}</body></html>`;
const policyOf = (html: string) => readPage(html).meta?.policy ?? '';
const scriptSrc = (html: string) =>
  policyOf(html)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src'))!
    .split(' ')
    .slice(1);

describe('the Content-Security-Policy of a built page', () => {
  it('allows each inline script by its hash, and no other', () => {
    const a = "document.documentElement.classList.add('js');";
    const b = 'if (a && b < c) x = "</scr" + "ipt>";';
    const html = addScriptHashes(page(`<script>${a}</script>`, `<script>${b}</script><script></script>`));
    expect(scriptSrc(html)).toEqual([`'self'`, hash(a), hash(b)]);
  });

  it('hashes the script text as the browser reads it: raw, with CR LF as LF', () => {
    const html = addScriptHashes(page('<script>a &amp;&amp; b();\r\nc();</script>'));
    expect(scriptSrc(html)).toEqual([`'self'`, hash('a &amp;&amp; b();\nc();')]);
  });

  it('needs no hash for data blocks (JSON-LD) nor for the site’s own script files', () => {
    const html = addScriptHashes(
      page('<script type="application/ld+json">{"@type":"Hotel"}</script><script type="module" src="/_astro/a.js">'),
    );
    expect(scriptSrc(html)).toEqual([`'self'`]);
  });

  it('allows a script from another host by its exact address, not its whole host', () => {
    const html = addScriptHashes(
      page(
        '<script async src="https://widget.example/v2/book.js?hotel=1#x"></script><script src="//cdn.example/a;b,c.js"></script>',
      ),
    );
    expect(scriptSrc(html)).toEqual([`'self'`, 'https://widget.example/v2/book.js', 'cdn.example/a%3Bb%2Cc.js']);
  });

  it('allows no script whose host is not a plain name, nor a whole folder (review of #27)', () => {
    const html = addScriptHashes(
      page(
        '<script src="https://widget.example;x/a.js"></script><script src="https://*/x.js"></script>' +
          '<script src="https://widget.example"></script><script>x()</script>',
      ),
    );
    // Nothing to break the policy apart or widen it; the inline script's hash still lands in script-src.
    expect(scriptSrc(html)).toEqual([`'self'`, hash('x()')]);
    expect(policyOf(html).split(';')).toHaveLength(4);
  });

  it('allows an inline event handler (only staff scripts have them) by its hash, with unsafe-hashes', () => {
    const html = addScriptHashes(page('', `<img src="/x.png" alt="" onload="track(&quot;a&quot;)">`));
    expect(scriptSrc(html)).toEqual([`'self'`, `'unsafe-hashes'`, hash('track("a")')]);
  });

  it('keeps the rest of the layout’s policy, and its place first in the head', () => {
    const html = addScriptHashes(page('<script>x()</script>'));
    expect(policyOf(html)).toBe(
      `script-src 'self' ${hash('x()')}; worker-src 'self' blob:; object-src 'none'; base-uri 'self'`,
    );
    expect(html.indexOf('http-equiv="content-security-policy"')).toBeLessThan(html.indexOf('<script>'));
    expect(html.indexOf('<meta charset="utf-8">')).toBeLessThan(html.indexOf('http-equiv'));
  });

  it('changes nothing when it finishes a finished page again', () => {
    const once = addScriptHashes(page(`<script src="https://w.example/a.js"></script><script>x()</script>`));
    expect(addScriptHashes(once)).toBe(once);
  });

  it('leaves a page without a policy as it is', () => {
    const html = '<html><head><script>x()</script></head></html>';
    expect(addScriptHashes(html)).toBe(html);
  });

  it('adds sources to script-src, each once, and the directive when a policy has none', () => {
    expect(withScriptSources(`script-src 'self' ${GOOGLE_TAG_HOSTS}`, [GOOGLE_TAG_HOSTS, `'sha256-a'`])).toBe(
      `script-src 'self' ${GOOGLE_TAG_HOSTS} 'sha256-a'`,
    );
    expect(withScriptSources(`object-src 'none'`, [`'sha256-a'`])).toBe(
      `object-src 'none'; script-src 'self' 'sha256-a'`,
    );
  });

  it('leaves the staff editor’s module in its template to script-src’s self, and hashes the loader (D31)', () => {
    const editor =
      '<template id="staff-editor"><script type="module" src="/_astro/staff-editor.abc.js"></script></template>';
    const html = finishPage(page('', `${editor}<script>load()</script>`));
    expect(html).toContain(editor);
    expect(scriptSrc(html)).toEqual([`'self'`, hash('load()')]);
  });
});
