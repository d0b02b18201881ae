/** The pure half of D21: which URLs are uploads, and how their <img> tags are rewritten (src/lib/images/rewrite.ts). */
import { describe, expect, it } from 'vitest';
import { isStorageImage, rewriteImages, type OptimisedImage } from '../../src/lib/images/rewrite';

const API = 'https://abc.supabase.co';
const UP = `${API}/storage/v1/object/public/blog-images/featured/1-a.jpg`;

describe('uploads', () => {
  it('are public Storage objects of the configured project only', () => {
    expect(isStorageImage(UP, API)).toBe(true);
    expect(isStorageImage(UP, `${API}/`)).toBe(true);
    expect(isStorageImage(`${API}/storage/v1/object/sign/blog-images/a.jpg`, API)).toBe(false);
    expect(isStorageImage('https://evil.example/storage/v1/object/public/a.jpg', API)).toBe(false);
    expect(isStorageImage('/images/blog/default.jpg', API)).toBe(false);
    expect(isStorageImage(UP, '')).toBe(false);
  });

  it('are refused when malformed, on another port or scheme, or escaping the public path', () => {
    const local = 'http://127.0.0.1:25431';
    const up = `${local}/storage/v1/object/public/blog-images/content/1-a.png`;
    expect(isStorageImage(up, local)).toBe(true);
    expect(isStorageImage(up.replace(':25431', ':25432'), local)).toBe(false);
    expect(isStorageImage(UP.replace('https:', 'http:'), API)).toBe(false);
    expect(isStorageImage(`${API}/storage/v1/object/public/../../../rest/v1/blog_posts`, API)).toBe(false);
    expect(isStorageImage(`${API}/storage/v1/object/public/%2e%2e/%2e%2e/auth/v1/user`, API)).toBe(false);
    expect(isStorageImage(`${API}/storage/v1/object/public/`, API)).toBe(false);
    expect(isStorageImage(`${UP}" onerror="alert(1)`, API)).toBe(false);
    expect(isStorageImage(UP.replace('https://', 'https://user:pw@'), API)).toBe(false);
    expect(isStorageImage('http://[bad/storage/v1/object/public/a.jpg', API)).toBe(false);
    expect(isStorageImage(UP, 'not a url')).toBe(false);
    // A project served under a path (self-hosted behind a proxy) keeps its prefix.
    expect(isStorageImage(`${API}/supabase/storage/v1/object/public/a.jpg`, `${API}/supabase/`)).toBe(true);
    expect(isStorageImage(UP, `${API}/supabase`)).toBe(false);
  });
});

describe('rewriting <img> tags', () => {
  const optimised: OptimisedImage = {
    src: '/_astro/a_1200.webp',
    srcset: '/_astro/a_400.webp 400w, /_astro/a_1200.webp 1200w',
    sizes: '100vw',
    width: 1200,
    height: 900,
  };
  const resolve = async (src: string) => (src.includes('missing') ? null : optimised);
  const matches = (src: string) => isStorageImage(src, API);

  it('replaces src, srcset, sizes, width and height of uploads, keeping alt, loading and decoding', async () => {
    const html = `<p>Hi</p><p><img src="${UP}" alt="A &quot;stupa&quot;" width="10" loading="lazy" decoding="async" /></p>`;
    expect(await rewriteImages(html, matches, resolve)).toBe(
      '<p>Hi</p><p><img src="/_astro/a_1200.webp" srcset="/_astro/a_400.webp 400w, /_astro/a_1200.webp 1200w" ' +
        'sizes="100vw" width="1200" height="900" alt="A &quot;stupa&quot;" loading="lazy" decoding="async"></p>',
    );
  });

  it('reads an escaped src, and leaves other images and failed ones as they were', async () => {
    const escaped = UP.replace('1-a.jpg', '1-a.jpg?x=1&amp;y=2');
    const seen: string[] = [];
    const html = `<img src="${escaped}"><img src="/images/local.jpg" alt=""><img src="${UP.replace('1-a', 'missing')}">`;
    const out = await rewriteImages(html, matches, async (src) => (seen.push(src), resolve(src)));
    expect(seen).toEqual([UP.replace('1-a.jpg', '1-a.jpg?x=1&y=2'), UP.replace('1-a', 'missing')]);
    expect(out).toBe(
      `<img src="/_astro/a_1200.webp" srcset="/_astro/a_400.webp 400w, /_astro/a_1200.webp 1200w" sizes="100vw" width="1200" height="900">` +
        `<img src="/images/local.jpg" alt=""><img src="${UP.replace('1-a', 'missing')}">`,
    );
  });
});

describe('an upload too large to optimise (#26)', () => {
  it('is left out of the body, never linked as it was uploaded', async () => {
    const html = `<p>Before</p><p><img src="${UP}" alt="Huge"></p><p>After</p>`;
    expect(
      await rewriteImages(
        html,
        (src) => isStorageImage(src, API),
        async () => 'omit' as const,
      ),
    ).toBe('<p>Before</p><p></p><p>After</p>');
  });
});

describe("Astro's island style", () => {
  it('moves from the body to the head, once', async () => {
    const { ISLAND_STYLE, moveIslandStyle } = await import('../../src/integrations/island-style');
    const page = `<html><head><title>x</title></head><body><div>${ISLAND_STYLE}<astro-island></astro-island></div></body></html>`;
    expect(moveIslandStyle(page)).toBe(
      `<html><head><title>x</title>${ISLAND_STYLE}</head><body><div><astro-island></astro-island></div></body></html>`,
    );
    expect(moveIslandStyle('<p>no islands</p>')).toBe('<p>no islands</p>');
  });
});
