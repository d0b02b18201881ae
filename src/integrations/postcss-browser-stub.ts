import type { Plugin } from 'vite';

export const POSTCSS_STUB_ID = '\0hotel:postcss-browser-stub';

/**
 * sanitize-html requires postcss only to parse style attributes, and the markdown pipeline allows none
 * (src/lib/markdown/render.ts, allowedAttributes): in the browser build postcss is a stub, which takes about 18 KB
 * gzip out of every chunk that renders markdown (the Blog Posts and Pages editors, the in-place editor). Were a
 * style attribute ever allowed, sanitize-html would catch the stub's error and drop the attribute in previews only;
 * the build (Node) keeps the real postcss. Hand-written: a Vite alias would apply to the server build too.
 */
export default function postcssStubInBrowsers(): Plugin {
  const stub = POSTCSS_STUB_ID;
  return {
    name: 'hotel:postcss-browser-stub',
    enforce: 'pre',
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    resolveId(source: string, importer: string | undefined) {
      if (source === 'postcss' && importer && /[\\/]sanitize-html[\\/]/.test(importer)) return stub;
      return undefined;
    },
    load(id: string) {
      if (id !== stub) return undefined;
      return 'export function parse() { throw new Error("postcss is not part of the browser build"); }\nexport default { parse };';
    },
  };
}
