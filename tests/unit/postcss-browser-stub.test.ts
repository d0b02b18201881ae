/**
 * The browser build's postcss stub (src/integrations/postcss-browser-stub.ts): only the client environment, only
 * sanitize-html's import, and a parse that refuses (sanitize-html then drops a style attribute, which the markdown
 * pipeline never allows anyway). The editors' previews in tests/e2e render through it in a real build.
 */
import { describe, expect, it } from 'vitest';
import postcssStubInBrowsers, { POSTCSS_STUB_ID } from '../../src/integrations/postcss-browser-stub';
import { renderMarkdown } from '../../src/lib/markdown/render';

describe('the postcss stub of the browser build', () => {
  const plugin = postcssStubInBrowsers() as unknown as {
    applyToEnvironment: (e: { name: string }) => boolean;
    resolveId: (source: string, importer?: string) => string | undefined;
    load: (id: string) => string | undefined;
  };

  it('applies to the client build only, and to sanitize-html’s postcss only', () => {
    expect(plugin.applyToEnvironment({ name: 'client' })).toBe(true);
    expect(plugin.applyToEnvironment({ name: 'ssr' })).toBe(false);
    expect(plugin.resolveId('postcss', '/p/node_modules/sanitize-html/index.js')).toBe(POSTCSS_STUB_ID);
    expect(plugin.resolveId('postcss', '/p/node_modules/@tailwindcss/vite/dist/index.mjs')).toBeUndefined();
    expect(plugin.resolveId('marked', '/p/node_modules/sanitize-html/index.js')).toBeUndefined();
  });

  it('is a module whose parse refuses', async () => {
    const code = plugin.load(POSTCSS_STUB_ID)!;
    const mod = await import(`data:text/javascript,${encodeURIComponent(code)}`);
    expect(() => mod.parse('a{}')).toThrow(/not part of the browser build/);
    expect(plugin.load('other')).toBeUndefined();
  });

  it('is never reached by the markdown pipeline, which allows no style attribute', () => {
    expect(renderMarkdown('<p style="color:red">Hi</p>')).toBe('<p>Hi</p>');
  });
});
