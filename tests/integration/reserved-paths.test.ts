/**
 * Site paths staff can type (#26): one set of rules in the database (20261126130000_reserve_built_in_paths.sql) and in
 * the forms (src/lib/paths.ts), checked here side by side on one table of paths; the built-in routes the database
 * reserves are the route registry's; and moving a page never writes a redirect from a built-in address nor rewrites
 * a staff rule into one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_SEGMENTS } from '../../src/routes';
import { isPlainSitePath, pageAddressProblem } from '../../src/lib/paths';
import { dbClient, serviceClient, signedInClient, type Client } from '../helpers/supabase';

const db = dbClient();
let admin: Client;
const STAMP = randomUUID().slice(0, 8);

beforeAll(async () => {
  await db.connect();
  admin = (await signedInClient('admin')).client;
});
afterAll(async () => {
  await serviceClient().from('pages').delete().like('slug', `%${STAMP}%`);
  await serviceClient().from('seo_redirects').delete().like('to_url', `%${STAMP}%`);
  await db.end();
});

const PATHS = [
  '/monsoon-retreats/',
  '/retreats/winter.2027/',
  '/about/',
  '/blog/',
  '/about/team/',
  '/admin/',
  '/blog/x/',
  '/sitemap/',
  '/sitemap.xml/',
  '/_astro/',
  '/_uploads/x/',
  '/../menu/',
  '/./admin/',
  '/menu/../admin/',
  '/.well-known/',
  '/robots.txt/',
  '/Menu/',
  '/menu',
  '//evil.example/',
];

describe('page addresses', () => {
  it('are judged alike by the database and the forms', async () => {
    for (const path of PATHS) {
      const { rows } = await db.query('select private.page_address_problem($1) as problem', [path]);
      expect(rows[0].problem, path).toBe(pageAddressProblem(path));
    }
    expect(pageAddressProblem('/monsoon-retreats/')).toBeNull();
    expect(pageAddressProblem('/about/')).toBeNull();
    expect(pageAddressProblem('/admin/')).toBe('/admin/ belongs to a page built into the site; choose another URL');
    expect(pageAddressProblem('/../menu/')).toMatch(/is not a page address/);
    expect(pageAddressProblem('/sitemap.xml/')).toMatch(/is not a page address/);
  });

  it("reserve exactly the route registry's first segments", async () => {
    const { rows } = await db.query('select segment from private.reserved_path_segments order by segment');
    expect(rows.map((r) => r.segment)).toEqual([...RESERVED_SEGMENTS].filter((s) => s !== '').sort());
  });

  it.each([
    [{ slug: `admin` }, '/admin/ belongs to a page built into the site'],
    [{ slug: `ok-${STAMP}`, custom_url: '/blog/' + STAMP + '/' }, 'belongs to a page built into the site'],
    [{ slug: `ok-${STAMP}`, custom_url: '/../menu/' }, 'is not a page address'],
    [{ slug: `ok-${STAMP}`, custom_url: '/sitemap.xml/' }, 'is not a page address'],
    [{ slug: `ok-${STAMP}`, custom_url: '/_astro/' }, 'is not a page address'],
  ])('are refused by the database for %j', async (page, message) => {
    const { error } = await admin.from('pages').insert({ title: 'T', content: 'x', ...page });
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain(message);
  });

  it('take a convertible route whole (D20) and any other address', async () => {
    const { error } = await admin.from('pages').insert([
      { title: 'T', content: 'x', slug: `about-${STAMP}`, custom_url: '/about/', is_published: false },
      { title: 'T', content: 'x', slug: `fine-${STAMP}`, custom_url: `/retreats/${STAMP}/`, is_published: false },
    ]);
    expect(error).toBeNull();
  });
});

describe('moving a page (D23)', () => {
  it('leaves a 301 from its old address, but none from a built-in one, and no staff rule is rewritten', async () => {
    const svc = serviceClient();
    // A page that holds /about/ (converted) moves away: the About template comes back there, no redirect.
    const { data: about } = await svc.from('pages').select('*').eq('slug', `about-${STAMP}`).single();
    await svc.from('pages').update({ is_published: true }).eq('id', about!.id);
    const fresh = (await svc.from('pages').select('updated_at').eq('id', about!.id).single()).data!;
    const moved = await admin.rpc('save_page', {
      p_page: { id: about!.id, custom_url: `/our-story-${STAMP}/` },
      p_expected_updated_at: fresh.updated_at,
    });
    expect(moved.error).toBeNull();
    const fromAbout = await svc.from('seo_redirects').select('*').eq('from_url', '/about/');
    expect(fromAbout.data).toEqual([]);
    // The seeded /old-blog/ -> /blog/ rule is as it was.
    const oldBlog = await svc.from('seo_redirects').select('to_url, is_active').eq('from_url', '/old-blog/');
    expect(oldBlog.data).toEqual([{ to_url: '/blog/', is_active: true }]);

    // A page moving between addresses of its own gets its 301, as before.
    const now = (await svc.from('pages').select('updated_at').eq('id', about!.id).single()).data!;
    const again = await admin.rpc('save_page', {
      p_page: { id: about!.id, custom_url: `/history-${STAMP}/` },
      p_expected_updated_at: now.updated_at,
    });
    expect(again.error).toBeNull();
    const kept = await svc.from('seo_redirects').select('to_url, redirect_type').eq('from_url', `/our-story-${STAMP}/`);
    expect(kept.data).toEqual([{ to_url: `/history-${STAMP}/`, redirect_type: 301 }]);
  });
});

describe('sitemap custom URLs', () => {
  it.each(['/\\[x/', '/a//b/', '/./x/', '/x/../y/'])('%s is refused by the database and the rule', async (url) => {
    expect(isPlainSitePath(url)).toBe(false);
    const { error } = await admin.from('sitemap_entries').insert({ url, entry_type: 'custom' });
    expect(error?.code).toBe('23514');
  });

  it('takes a plain path', async () => {
    const url = `/offers-${STAMP}/`;
    expect(isPlainSitePath(url)).toBe(true);
    const { error } = await admin.from('sitemap_entries').insert({ url, entry_type: 'custom' });
    expect(error).toBeNull();
    await serviceClient().from('sitemap_entries').delete().eq('url', url);
  });
});
