/**
 * The row-level security matrix: every table x (anon, signed-in without role, admin) x (select, insert,
 * update, delete). Each outcome is asserted twice: by what supabase-js returns to the role, and by reading
 * the table back with the service role (a denied update or delete "succeeds" with 0 rows in PostgREST, or fails
 * with 42501 where the role has no grant for it at all).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/supabase/database.types';
import { roleClients, serviceClient, type Client, type Role } from '../helpers/supabase';

type Table = keyof Database['public']['Tables'];
type Row = Record<string, unknown>;
type Op = 'select' | 'insert' | 'update' | 'delete';

const ROLES: Role[] = ['anon', 'user', 'admin'];
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

interface Ctx {
  svc: Client;
  publishedPageId: string;
  draftPageId: string;
  livePostId: string;
  userId: string;
  adminId: string;
}

interface TableCase {
  table: Table;
  /** A row the public may see (where anything is public): the target of select, update and delete. */
  seed: (ctx: Ctx) => Promise<Row>;
  /** Rows only admins may see (drafts, hidden, inactive...). */
  hidden?: Array<(ctx: Ctx) => Promise<Row>>;
  /** Values a role tries to insert; `marker` finds the row again. */
  insert: (ctx: Ctx) => Promise<{ row: Row; marker: [string, unknown] }>;
  patch: Row;
  /** Tables of one row: removed and restored around insert and delete cases. */
  singleton?: boolean;
  allowed: Record<Role, Record<Op, boolean>>;
}

const key = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
/** A value shaped like the HMACs guest_message_attempts stores. */
const hash = () => (randomUUID() + randomUUID()).replace(/-/g, '');
const PUBLIC_READ_ADMIN_WRITE = {
  anon: { select: true, insert: false, update: false, delete: false },
  user: { select: true, insert: false, update: false, delete: false },
  admin: { select: true, insert: true, update: true, delete: true },
};
const ADMIN_ONLY = {
  anon: { select: false, insert: false, update: false, delete: false },
  user: { select: false, insert: false, update: false, delete: false },
  admin: { select: true, insert: true, update: true, delete: true },
};
/** Reached by the service role alone (the guest-message functions' rate limits, D22). */
const NOBODY = {
  anon: { select: false, insert: false, update: false, delete: false },
  user: { select: false, insert: false, update: false, delete: false },
  admin: { select: false, insert: false, update: false, delete: false },
};

async function svcInsert(ctx: Ctx, table: Table, row: Row): Promise<Row> {
  const { data, error } = await ctx.svc
    .from(table)
    .insert(row as never)
    .select()
    .single();
  if (error) throw new Error(`seeding ${table}: ${error.message}`);
  return data as Row;
}

async function newAuthUser(ctx: Ctx): Promise<string> {
  const { data, error } = await ctx.svc.auth.admin.createUser({
    email: `${key('rls')}@test.example`,
    password: randomUUID(),
    email_confirm: true,
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return data.user.id;
}

const post = (extra: Row = {}) => ({ slug: key('post'), title: 'Post', content: 'Body', is_published: true, ...extra });
const page = (extra: Row = {}) => ({ slug: key('page'), title: 'Page', is_published: true, ...extra });
const child =
  (parent: 'publishedPageId' | 'draftPageId', extra: Row = {}) =>
  (ctx: Ctx) => ({ page_id: ctx[parent], ...extra });

const CASES: TableCase[] = [
  {
    table: 'blog_posts',
    seed: (ctx) => svcInsert(ctx, 'blog_posts', post()),
    hidden: [
      (ctx) => svcInsert(ctx, 'blog_posts', post({ is_published: false })),
      (ctx) => svcInsert(ctx, 'blog_posts', post({ published_date: new Date(Date.now() + 86_400_000).toISOString() })),
    ],
    insert: async () => {
      const slug = key('post');
      return { row: post({ slug }), marker: ['slug', slug] };
    },
    patch: { title: 'Patched' },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    table: 'pages',
    seed: (ctx) => svcInsert(ctx, 'pages', page()),
    hidden: [(ctx) => svcInsert(ctx, 'pages', page({ is_published: false }))],
    insert: async () => {
      const slug = key('page');
      return { row: page({ slug }), marker: ['slug', slug] };
    },
    patch: { title: 'Patched' },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    table: 'categories',
    seed: (ctx) => svcInsert(ctx, 'categories', { name: key('Cat'), slug: key('cat') }),
    insert: async () => {
      const slug = key('cat');
      return { row: { name: slug, slug }, marker: ['slug', slug] };
    },
    patch: { description: 'Patched' },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    table: 'content_blocks',
    seed: (ctx) => svcInsert(ctx, 'content_blocks', child('publishedPageId', { content: { text: 'Hi' } })(ctx)),
    hidden: [
      (ctx) => svcInsert(ctx, 'content_blocks', child('publishedPageId', { is_active: false })(ctx)),
      (ctx) => svcInsert(ctx, 'content_blocks', child('draftPageId')(ctx)),
      (ctx) => svcInsert(ctx, 'content_blocks', { blog_post_id: ctx.livePostId, content: {}, is_active: false }),
    ],
    insert: async (ctx) => {
      const id = randomUUID();
      return { row: { id, ...child('publishedPageId')(ctx) }, marker: ['id', id] };
    },
    patch: { sort_order: 42 },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    table: 'sections',
    seed: (ctx) => svcInsert(ctx, 'sections', child('publishedPageId', { section_name: 'S' })(ctx)),
    hidden: [
      (ctx) => svcInsert(ctx, 'sections', child('publishedPageId', { section_name: 'S', is_active: false })(ctx)),
      (ctx) => svcInsert(ctx, 'sections', child('draftPageId', { section_name: 'S' })(ctx)),
    ],
    insert: async (ctx) => {
      const id = randomUUID();
      return { row: { id, ...child('publishedPageId', { section_name: 'S' })(ctx) }, marker: ['id', id] };
    },
    patch: { section_name: 'Patched' },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    table: 'content_versions',
    seed: (ctx) => svcInsert(ctx, 'content_versions', child('publishedPageId', { version_data: { blocks: [] } })(ctx)),
    insert: async (ctx) => {
      const id = randomUUID();
      return { row: { id, ...child('publishedPageId', { version_data: { blocks: [] } })(ctx) }, marker: ['id', id] };
    },
    patch: { created_by: 'patched' },
    allowed: ADMIN_ONLY,
  },
  {
    table: 'reviews',
    seed: (ctx) => svcInsert(ctx, 'reviews', { reviewer_name: 'R', review_text: 'Lovely' }),
    hidden: [(ctx) => svcInsert(ctx, 'reviews', { reviewer_name: 'R', review_text: 'Hidden', is_displayed: false })],
    insert: async () => {
      const name = key('Reviewer');
      return { row: { reviewer_name: name, review_text: 'Great stay' }, marker: ['reviewer_name', name] };
    },
    patch: { is_featured: true },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    table: 'seo_redirects',
    seed: (ctx) => svcInsert(ctx, 'seo_redirects', { from_url: `/${key('from')}/`, to_url: '/blog/' }),
    hidden: [
      (ctx) => svcInsert(ctx, 'seo_redirects', { from_url: `/${key('from')}/`, to_url: '/about/', is_active: false }),
    ],
    insert: async () => {
      const from = `/${key('from')}/`;
      return { row: { from_url: from, to_url: '/about/' }, marker: ['from_url', from] };
    },
    patch: { redirect_type: 302 },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    table: 'static_page_seo',
    seed: (ctx) => svcInsert(ctx, 'static_page_seo', { page_route: `/${key('route')}/`, seo_title: 'T' }),
    insert: async () => {
      const route = `/${key('route')}/`;
      return { row: { page_route: route, seo_title: 'T' }, marker: ['page_route', route] };
    },
    patch: { seo_title: 'Patched' },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    table: 'sitemap_entries',
    seed: (ctx) => svcInsert(ctx, 'sitemap_entries', { url: `/${key('url')}/` }),
    insert: async () => {
      const url = `/${key('url')}/`;
      return { row: { url }, marker: ['url', url] };
    },
    patch: { priority: 0.3 },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    table: 'contact_details',
    singleton: true,
    seed: async (ctx) => (await ctx.svc.from('contact_details').select().single()).data as Row,
    insert: async () => {
      const email = `${key('desk')}@hotel.example`;
      return {
        row: { hotel_name: 'H', phone: '1', email, address: 'A', booking_url: 'https://book.example/' },
        marker: ['email', email],
      };
    },
    patch: { phone: '+977 1 4999 999' },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    table: 'seo_settings',
    singleton: true,
    seed: async (ctx) => (await ctx.svc.from('seo_settings').select().single()).data as Row,
    insert: async () => {
      const name = key('Site');
      return { row: { site_name: name }, marker: ['site_name', name] };
    },
    patch: { site_description: 'Patched' },
    allowed: PUBLIC_READ_ADMIN_WRITE,
  },
  {
    // How long guest data is kept (#30): staff only; no delete through the API but the service role's.
    table: 'retention_settings',
    singleton: true,
    seed: async (ctx) => (await ctx.svc.from('retention_settings').select().single()).data as Row,
    insert: async () => ({ row: { retention_months: 7 }, marker: ['retention_months', 7] }),
    patch: { retention_months: 9 },
    allowed: {
      anon: { select: false, insert: false, update: false, delete: false },
      user: { select: false, insert: false, update: false, delete: false },
      admin: { select: true, insert: true, update: true, delete: false },
    },
  },
  {
    table: 'contact_submissions',
    seed: (ctx) =>
      svcInsert(ctx, 'contact_submissions', {
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.example',
        subject: 'S',
        message: 'M',
      }),
    insert: async () => {
      const subject = key('subject');
      return {
        row: { first_name: 'A', last_name: 'B', email: 'guest@mail.example', phone: null, subject, message: 'Hello' },
        marker: ['subject', subject],
      };
    },
    patch: { status: 'read' },
    // Visitors write through the contact function (service role) since D22, never directly.
    allowed: ADMIN_ONLY,
  },
  {
    table: 'newsletter_subscribers',
    seed: (ctx) => svcInsert(ctx, 'newsletter_subscribers', { email: `${key('seed')}@mail.example` }),
    insert: async () => {
      const email = `${key('sub')}@mail.example`;
      return { row: { email }, marker: ['email', email] };
    },
    patch: { source: 'patched' },
    // Sign-ups go through the subscribe function (service role) since D22, never directly.
    allowed: ADMIN_ONLY,
  },
  {
    // The activity log (#30): admins read it, nobody writes it through the API; a seed row is a category's entry.
    table: 'activity_log',
    seed: async (ctx) => {
      const cat = await svcInsert(ctx, 'categories', { name: key('Logged'), slug: key('logged') });
      const { data } = await ctx.svc
        .from('activity_log')
        .select()
        .eq('table_name', 'categories')
        .eq('row_id', cat.id as string)
        .single();
      return data as Row;
    },
    insert: async () => {
      const table = key('forged');
      return { row: { actor_role: 'system', table_name: table, action: 'insert' }, marker: ['table_name', table] };
    },
    patch: { table_name: 'tampered' },
    allowed: {
      anon: { select: false, insert: false, update: false, delete: false },
      user: { select: false, insert: false, update: false, delete: false },
      admin: { select: true, insert: false, update: false, delete: false },
    },
  },
  {
    // The 404 monitor (#29): the not-found function records (service role, record_not_found); admins read, ignore
    // (the only column they may change) and delete; nobody inserts through the API.
    table: 'not_found_paths',
    seed: (ctx) => svcInsert(ctx, 'not_found_paths', { path: `/${key('missing')}/` }),
    insert: async () => {
      const path = `/${key('missing')}/`;
      return { row: { path }, marker: ['path', path] };
    },
    patch: { ignored: true },
    allowed: {
      anon: { select: false, insert: false, update: false, delete: false },
      user: { select: false, insert: false, update: false, delete: false },
      admin: { select: true, insert: false, update: true, delete: true },
    },
  },
  {
    table: 'guest_message_attempts',
    seed: (ctx) => svcInsert(ctx, 'guest_message_attempts', { kind: 'contact', ip_hash: hash(), email_hash: hash() }),
    insert: async () => {
      const ipHash = hash();
      return { row: { kind: 'contact', ip_hash: ipHash, email_hash: hash() }, marker: ['ip_hash', ipHash] };
    },
    patch: { kind: 'subscribe' },
    allowed: NOBODY,
  },
  {
    table: 'site_builds',
    seed: (ctx) => svcInsert(ctx, 'site_builds', { trigger: 'cli', status: 'succeeded' }),
    insert: async () => {
      const marker = key('forged');
      return { row: { trigger: 'cli', status: 'succeeded', error: marker }, marker: ['error', marker] };
    },
    patch: { status: 'failed' },
    // Staff read builds; only the publisher (service role) writes them, so no browser can forge a build's state.
    allowed: {
      anon: { select: false, insert: false, update: false, delete: false },
      user: { select: false, insert: false, update: false, delete: false },
      admin: { select: true, insert: false, update: false, delete: false },
    },
  },
  {
    table: 'profiles',
    seed: async (ctx) =>
      (
        await ctx.svc
          .from('profiles')
          .select()
          .eq('id', await newAuthUser(ctx))
          .single()
      ).data as Row,
    insert: async (ctx) => {
      const id = await newAuthUser(ctx);
      await ctx.svc.from('profiles').delete().eq('id', id);
      return { row: { id, username: 'made-by-role' }, marker: ['id', id] };
    },
    patch: { full_name: 'Patched' },
    allowed: ADMIN_ONLY,
  },
  {
    table: 'user_roles',
    seed: async (ctx) => svcInsert(ctx, 'user_roles', { user_id: await newAuthUser(ctx), role: 'admin' }),
    insert: async (ctx) => {
      const userId = await newAuthUser(ctx);
      return { row: { user_id: userId, role: 'admin' }, marker: ['user_id', userId] };
    },
    patch: { created_at: '1970-01-01T00:00:00+00:00' },
    allowed: ADMIN_ONLY,
  },
];

let ctx: Ctx;
let clients: Record<Role, Client>;

beforeAll(async () => {
  const svc = serviceClient();
  const roles = await roleClients();
  clients = { anon: roles.anon, user: roles.user, admin: roles.admin };
  const published = await svc.from('pages').insert(page()).select('id').single();
  const draft = await svc
    .from('pages')
    .insert(page({ is_published: false }))
    .select('id')
    .single();
  const live = await svc.from('blog_posts').insert(post()).select('id').single();
  ctx = {
    svc,
    publishedPageId: published.data!.id,
    draftPageId: draft.data!.id,
    livePostId: live.data!.id,
    userId: roles.userId,
    adminId: roles.adminId,
  };
});

const byId = async (table: Table, id: unknown) =>
  (
    await ctx.svc
      .from(table)
      .select()
      .eq('id' as never, id as never)
      .maybeSingle()
  ).data as Row | null;

/** Removes a singleton table's row for the duration of `fn`, then puts the original back. */
async function withSingletonCleared<T>(table: Table, fn: () => Promise<T>): Promise<T> {
  const { data: saved } = await ctx.svc.from(table).select();
  await ctx.svc
    .from(table)
    .delete()
    .not('id' as never, 'is', null);
  try {
    return await fn();
  } finally {
    await ctx.svc
      .from(table)
      .delete()
      .not('id' as never, 'is', null);
    if (saved?.length) await ctx.svc.from(table).insert(saved as never);
  }
}

describe.each(CASES)('RLS on $table', (c) => {
  describe.each(ROLES)('as %s', (role) => {
    it.each(OPS)(`%s`, async (op) => {
      const allowed = c.allowed[role][op];
      const db = clients[role];

      if (op === 'select') {
        const target = await c.seed(ctx);
        const { data, error } = await db
          .from(c.table)
          .select()
          .eq('id' as never, target.id as never);
        // Denied is either no grant at all (42501) or a grant whose policy hides the row (no rows).
        if (allowed || error) expect(error?.code ?? null).toBe(allowed ? null : '42501');
        expect(data?.length ?? 0).toBe(allowed ? 1 : 0);
        for (const makeHidden of c.hidden ?? []) {
          const hidden = await makeHidden(ctx);
          const seen = await db
            .from(c.table)
            .select()
            .eq('id' as never, hidden.id as never);
          expect(seen.data?.length ?? 0, `hidden row of ${c.table}`).toBe(role === 'admin' ? 1 : 0);
        }
        return;
      }

      if (op === 'insert') {
        const attempt = async () => {
          const { row, marker } = await c.insert(ctx);
          const { error } = await db.from(c.table).insert(row as never);
          const { data: stored } = await ctx.svc
            .from(c.table)
            .select()
            .eq(marker[0] as never, marker[1] as never);
          return { error, stored: stored ?? [] };
        };
        const { error, stored } = c.singleton ? await withSingletonCleared(c.table, attempt) : await attempt();
        if (allowed) {
          expect(error).toBeNull();
          expect(stored).toHaveLength(1);
        } else {
          expect(error?.code).toBe('42501');
          expect(stored).toHaveLength(0);
        }
        return;
      }

      if (op === 'update') {
        const target = await c.seed(ctx);
        const { data, error } = await db
          .from(c.table)
          .update(c.patch as never)
          .eq('id' as never, target.id as never)
          .select('id');
        const after = await byId(c.table, target.id);
        const [column, value] = Object.entries(c.patch)[0];
        if (allowed) {
          expect(error).toBeNull();
          expect(data).toHaveLength(1);
          expect(String(after?.[column])).toBe(String(value));
        } else {
          expect(data ?? []).toHaveLength(0);
          expect(after?.[column]).toEqual(target[column]);
        }
        if (c.singleton)
          await ctx.svc
            .from(c.table)
            .update(target as never)
            .eq('id' as never, target.id as never);
        return;
      }

      // delete
      const run = async () => {
        const target = await c.seed(ctx);
        const { error } = await db
          .from(c.table)
          .delete()
          .eq('id' as never, target.id as never);
        return { error, after: await byId(c.table, target.id) };
      };
      const { error, after } = c.singleton ? await withSingletonRestored(c.table, run) : await run();
      if (allowed || error) expect(error?.code ?? null).toBe(allowed ? null : '42501');
      if (allowed) expect(after).toBeNull();
      else expect(after).not.toBeNull();
    });
  });
});

/** Runs `fn` (which may delete the singleton row), then puts the original row back. */
async function withSingletonRestored<T>(table: Table, fn: () => Promise<T>): Promise<T> {
  const { data: saved } = await ctx.svc.from(table).select();
  try {
    return await fn();
  } finally {
    await ctx.svc
      .from(table)
      .delete()
      .not('id' as never, 'is', null);
    if (saved?.length) await ctx.svc.from(table).insert(saved as never);
  }
}

describe('RLS: what a user may see of itself', () => {
  it('a signed-in user reads its own profile and no other', async () => {
    const { data } = await clients.user.from('profiles').select('id');
    expect(data?.map((r) => r.id)).toEqual([ctx.userId]);
  });

  it('an admin reads its own role row', async () => {
    const { data } = await clients.admin.from('user_roles').select('user_id, role').eq('user_id', ctx.adminId);
    expect(data).toEqual([{ user_id: ctx.adminId, role: 'admin' }]);
  });

  it('a user without a role cannot grant itself the admin role', async () => {
    const { error } = await clients.user.from('user_roles').insert({ user_id: ctx.userId, role: 'admin' });
    expect(error?.code).toBe('42501');
    const { data } = await ctx.svc.from('user_roles').select().eq('user_id', ctx.userId);
    expect(data).toEqual([]);
  });

  it('a visitor cannot send a message already marked read', async () => {
    const subject = key('subject');
    const { error } = await clients.anon.from('contact_submissions').insert({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.example',
      subject,
      message: 'M',
      status: 'read',
    });
    expect(error).not.toBeNull();
    const { data } = await ctx.svc.from('contact_submissions').select().eq('subject', subject);
    expect(data).toEqual([]);
  });

  it('a draft in preview mode, with its active blocks and sections, is public; a plain draft is not', async () => {
    const preview = (
      await ctx.svc
        .from('pages')
        .insert(page({ is_published: false, preview_mode: true }))
        .select('id')
        .single()
    ).data!;
    try {
      await ctx.svc.from('content_blocks').insert([
        { page_id: preview.id, block_type: 'text', content: { text: 'shown' }, sort_order: 0 },
        { page_id: ctx.draftPageId, block_type: 'text', content: { text: 'hidden' }, sort_order: 0 },
      ]);
      await ctx.svc
        .from('sections')
        .insert({ page_id: preview.id, section_name: 'S', section_content: {}, sort_order: 0 });
      for (const role of ['anon', 'user'] as const) {
        const pages = await clients[role].from('pages').select('id').in('id', [preview.id, ctx.draftPageId]);
        expect(pages.data, role).toEqual([{ id: preview.id }]);
        const blocks = await clients[role]
          .from('content_blocks')
          .select('page_id')
          .in('page_id', [preview.id, ctx.draftPageId]);
        expect(blocks.data, role).toEqual([{ page_id: preview.id }]);
        const sections = await clients[role].from('sections').select('page_id').eq('page_id', preview.id);
        expect(sections.data, role).toHaveLength(1);
      }
      // Public to read, not to write.
      const { data: changed } = await clients.anon
        .from('pages')
        .update({ title: 'x' })
        .eq('id', preview.id)
        .select('id');
      expect(changed ?? []).toEqual([]);
    } finally {
      await ctx.svc.from('content_blocks').delete().eq('page_id', ctx.draftPageId);
      await ctx.svc.from('pages').delete().eq('id', preview.id);
    }
  });

  it('anon cannot call is_admin()', async () => {
    const { error } = await clients.anon.rpc('is_admin');
    expect(error?.code).toBe('42501');
  });
});

afterAll(async () => {
  await ctx?.svc.from('pages').delete().in('id', [ctx.publishedPageId, ctx.draftPageId]);
});
