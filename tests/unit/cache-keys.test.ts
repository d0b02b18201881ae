/**
 * The cache keys of the generated pages (#17): changing an input changes the keys of exactly the pages that show
 * it. A key that does not change when its page does serves a stale page; one that changes when nothing did only
 * costs time, but the tests hold both directions.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  digest,
  generatedPageKeys,
  plainDigest,
  type KeyInputs,
  type PostSource,
} from '../../src/lib/content/cache-keys';
import { toCategoryOptions, toPost } from '../../src/lib/content/blog';
import { toHotelContact } from '../../src/lib/content/contact';
import type { Page, PageRow } from '../../src/lib/content/pages';
import type { StaticSeoRow } from '../../src/lib/content/seo';

const CATEGORIES = toCategoryOptions([
  { name: 'Culture', slug: 'culture' },
  { name: 'Travel Tips', slug: 'travel' },
]);

/** Post i of n, newest first: post 0 is the newest. */
function post(i: number, change: Partial<Parameters<typeof toPost>[0]> = {}): PostSource {
  const row = {
    id: `p${i}`,
    slug: `post-${i}`,
    title: `Post ${i}`,
    excerpt: `About ${i}`,
    content: `## Part ${i}\n\nText.`,
    category: i % 2 ? 'culture' : 'travel',
    featured_image: null,
    alt_text: null,
    author_name: 'Pema',
    author_role: null,
    author_image: null,
    published_date: new Date(Date.UTC(2026, 0, 30 - i)).toISOString(),
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    is_indexed: true,
    meta_title: null,
    meta_description: null,
    canonical_url: null,
    seo_keywords: null,
    og_title: null,
    og_description: null,
    og_type: null,
    twitter_card: null,
    twitter_title: null,
    twitter_description: null,
    twitter_image: null,
    schema_markup: null,
    ...change,
  };
  const { content, ...shown } = toPost(row as Parameters<typeof toPost>[0], CATEGORIES);
  // The database's digest of the text (blog_posts.content_digest, md5).
  const contentDigest = createHash('md5').update(content).digest('hex');
  return { ...shown, contentDigest, blocks: [], sections: [] };
}

function page(slug: string, change: Partial<PageRow> = {}, blocks: Page['blocks'] = []): Page {
  const row = {
    id: `pg-${slug}`,
    slug,
    title: slug,
    content: 'Hello',
    custom_url: null,
    is_published: true,
    ...change,
  };
  return {
    row: row as PageRow,
    preview: false,
    path: `/${slug}/`,
    html: `<p>${row.content}</p>`,
    blocks,
    sections: [],
  };
}

/** 26 posts: three list pages (12 a page), so /blog/page/2/ and /blog/page/3/; two stored pages. */
function inputs(): KeyInputs {
  return {
    site: {
      contact: toHotelContact(null),
      settings: null,
      categories: CATEGORIES,
      publicImageSizes: new Map([['/images/kora.jpg', { width: 1600, height: 900 }]]),
      year: 2026,
      origins: { site: 'https://boudhamandala.example', supabase: 'https://abc.supabase.co' },
    },
    posts: Array.from({ length: 26 }, (_, i) => post(i)),
    pages: [page('tea-house'), page('spa', {}, [])],
    staticSeo: new Map<string, StaticSeoRow>(),
  };
}

/** The paths whose key differs between two sets of inputs (a path present in only one counts). */
function changed(a: KeyInputs, b: KeyInputs): string[] {
  const ka = generatedPageKeys(a);
  const kb = generatedPageKeys(b);
  return [...new Set([...ka.keys(), ...kb.keys()])].filter((p) => ka.get(p) !== kb.get(p)).sort();
}

const ALL = [...generatedPageKeys(inputs()).keys()].sort();

describe('generatedPageKeys', () => {
  it('gives a key to every generated page, and the same key for the same data', () => {
    expect(ALL).toHaveLength(26 + 2 + 2);
    expect(ALL).toContain('/blog/post-25/');
    expect(ALL).toContain('/blog/page/3/');
    expect(ALL).toContain('/tea-house/');
    expect(changed(inputs(), inputs())).toEqual([]);
    // The same fields in another order (our code builds every object in one order) at most render that page
    // again: never a stale page, never another page.
    const shuffled = inputs();
    shuffled.posts[5] = Object.fromEntries(Object.entries(shuffled.posts[5]).reverse()) as PostSource;
    expect(changed(inputs(), shuffled)).toEqual(['/blog/post-5/']);
  });

  it("a post's text, author or SEO field changes that post's page only", () => {
    for (const change of [
      { content: 'Edited text.' },
      { author_name: 'Tenzin' },
      { meta_description: 'New description' },
      { updated_at: '2026-02-01T00:00:00Z' },
    ]) {
      const b = inputs();
      b.posts[7] = post(7, change);
      expect(changed(inputs(), b)).toEqual(['/blog/post-7/']);
    }
  });

  it("a post's blocks and sections change that post's page only", () => {
    const b = inputs();
    b.posts[15] = { ...post(15), blocks: [{ id: 'b', type: 'quote', text: 'Om', content: {}, alignment: 'left' }] };
    expect(changed(inputs(), b)).toEqual(['/blog/post-15/']);
  });

  it('a title shown in lists and related posts changes the post, the list page that shows it, and the posts it is related to', () => {
    // Post 1 is the second newest: every other post shows it among its two related cards.
    const b = inputs();
    b.posts[1] = post(1, { title: 'Renamed' });
    expect(changed(inputs(), b)).toEqual(ALL.filter((p) => p.startsWith('/blog/post-')));
    // Post 20 is on /blog/page/2/ (posts 12 to 23) and related to nobody.
    const c = inputs();
    c.posts[20] = post(20, { title: 'Renamed' });
    expect(changed(inputs(), c)).toEqual(['/blog/page/2/', '/blog/post-20/']);
  });

  it('unpublishing a post removes its page and moves the later cards one place up', () => {
    const b = inputs();
    b.posts.splice(20, 1);
    // Pages 2 and 3 shift; with 25 posts there are still three list pages.
    expect(changed(inputs(), b)).toEqual(['/blog/page/2/', '/blog/page/3/', '/blog/post-20/']);
  });

  it('scheduling a post (it leaves the live list) is the same as unpublishing it', () => {
    const b = inputs();
    b.posts.splice(25, 1);
    // The oldest post leaves page 3 (posts 24 and 25); page 2 and every other post keep their keys.
    expect(changed(inputs(), b)).toEqual(['/blog/page/3/', '/blog/post-25/']);
    // When the last page empties, it goes, and every list page's pager changes.
    b.posts.splice(24, 1);
    expect(changed(inputs(), b)).toEqual(['/blog/page/2/', '/blog/page/3/', '/blog/post-24/', '/blog/post-25/']);
  });

  it('a category rename, a contact detail, a global SEO field, the year, a public image or an origin changes every page', () => {
    const edits: Array<(i: KeyInputs) => void> = [
      (i) => (i.site.categories = toCategoryOptions([{ name: 'Local Culture', slug: 'culture' }])),
      (i) => (i.site.contact = { ...i.site.contact, phone: '+977 1 000 0000' }),
      (i) => (i.site.settings = { favicon_url: 'https://x.example/f.png' } as KeyInputs['site']['settings']),
      (i) => (i.site.year = 2027),
      (i) => i.site.publicImageSizes.set('/images/kora.jpg', { width: 800, height: 450 }),
      (i) => (i.site.origins = { ...i.site.origins, site: 'https://www.boudhamandala.example' }),
    ];
    for (const edit of edits) {
      const b = inputs();
      edit(b);
      expect(changed(inputs(), b)).toEqual(ALL);
    }
  });

  it("a stored page's content, SEO field or block changes that page only", () => {
    for (const edited of [
      page('spa', { content: 'New' }),
      page('spa', { meta_title: 'Spa' }),
      page('spa', {}, [{ id: 'b', type: 'paragraph', text: 'Hi', content: {}, alignment: 'left' }]),
      { ...page('spa'), preview: true },
    ]) {
      const b = inputs();
      b.pages[1] = edited;
      expect(changed(inputs(), b)).toEqual(['/spa/']);
    }
  });

  it("a route's static_page_seo row changes that route's page only", () => {
    const b = inputs();
    b.staticSeo.set('/blog/post-3/', { page_route: '/blog/post-3/', seo_title: 'Kora' } as StaticSeoRow);
    expect(changed(inputs(), b)).toEqual(['/blog/post-3/']);
  });

  it('a new post changes the list pages and the posts whose related cards it takes', () => {
    const b = inputs();
    b.posts.unshift(post(99));
    const diff = changed(inputs(), b);
    expect(diff).toContain('/blog/post-99/');
    expect(diff).toContain('/blog/page/2/');
    expect(diff).toContain('/blog/post-5/');
    expect(diff).not.toContain('/tea-house/');
  });
});

describe('digest', () => {
  it('holds what a Map holds, whatever order it was filled in', () => {
    const sizes = (entries: Array<[string, { width: number; height: number }]>) => ({ sizes: new Map(entries) });
    const a: [string, { width: number; height: number }] = ['/images/a.jpg', { width: 4, height: 3 }];
    const b: [string, { width: number; height: number }] = ['/images/b.jpg', { width: 2, height: 1 }];
    expect(digest(sizes([a, b]))).toBe(digest(sizes([b, a])));
    expect(digest(sizes([a, b]))).not.toBe(digest(sizes([a])));
    expect(digest(sizes([a]))).not.toBe(digest(sizes([['/images/a.jpg', { width: 4, height: 2 }]])));
    // Inside arrays and other Maps too.
    expect(digest([new Map([['k', new Map([['x', 1]])]])])).not.toBe(digest([new Map([['k', new Map([['x', 2]])]])]));
  });

  it('is the same for the same data and differs for different data', () => {
    expect(digest(post(3), 'tail')).toBe(digest(post(3), 'tail'));
    expect(digest(post(3), 'tail')).not.toBe(digest(post(3, { title: 'Post 3!' }), 'tail'));
    expect(digest({ a: 1, b: [null, 'x'] })).not.toBe(digest({ a: 1, b: ['x', null] }));
    expect(digest({ when: new Date(0) })).not.toBe(digest({ when: new Date(1) }));
  });

  it('plainDigest is digest without the replacer: equal for plain data; a Map or a Set inside does not type-check', () => {
    expect(plainDigest('post', 'site', post(3), [post(4)], { page: null })).toBe(
      digest('post', 'site', post(3), [post(4)], { page: null }),
    );
    expect(plainDigest({ when: new Date(0) })).toBe(digest({ when: new Date(0) }));
    // What plainDigest must never be given: JSON writes both as {} (npm run typecheck fails on these lines if the
    // type lets them through, since each then holds an unused @ts-expect-error).
    // @ts-expect-error a Map
    expect(plainDigest({ sizes: new Map([['a', 1]]) })).toBe(plainDigest({ sizes: new Map([['a', 2]]) }));
    // @ts-expect-error a Set, in an array
    expect(plainDigest([{ tags: new Set(['a']) }])).toBe(plainDigest([{ tags: new Set(['b']) }]));
  });
});
