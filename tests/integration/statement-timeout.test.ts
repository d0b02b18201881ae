/**
 * Hosted Supabase's statement timeouts, locally (the bootstrap sets them per role, PostgREST applies the role's
 * settings on every request): a query an anonymous visitor can start through the REST API is cancelled in Postgres
 * after 3 s, and a flood of such requests, more than PostgREST's pool has connections, cannot take the API down.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbClient, serviceClient, stackInfo } from '../helpers/supabase';

const slug = `regex-${randomUUID().slice(0, 8)}`;
// A backreference regex over a long text: PostgreSQL's matcher backtracks for minutes.
const SLOW = encodeURIComponent('(.*)\\1z');
const db = dbClient();

beforeAll(async () => {
  await db.connect();
  const { error } = await serviceClient()
    .from('blog_posts')
    .insert({
      slug,
      title: 'A long post',
      content: 'ab'.repeat(4000),
      is_published: true,
      published_date: new Date(Date.now() - 60_000).toISOString(),
    });
  if (error) throw error;
});
afterAll(async () => {
  await serviceClient().from('blog_posts').delete().eq('slug', slug);
  await db.end();
});

describe('statement timeouts', () => {
  it('are the hosted ones: 3 s for anon, 8 s for authenticated and the authenticator', async () => {
    const { rows } = await db.query(
      `select r.rolname, s.setconfig from pg_roles r
         left join pg_db_role_setting s on s.setrole = r.oid and s.setdatabase = 0
       where r.rolname in ('anon', 'authenticated', 'authenticator') order by r.rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', setconfig: ['statement_timeout=3s'] },
      { rolname: 'authenticated', setconfig: ['statement_timeout=8s'] },
      { rolname: 'authenticator', setconfig: ['statement_timeout=8s'] },
    ]);
  });

  it('cancel a flood of slow anonymous queries, larger than the pool, while the API keeps answering', async () => {
    const s = stackInfo();
    const headers = { apikey: s.anonKey };
    const flood = Array.from({ length: 24 }, () =>
      fetch(`${s.url}/rest/v1/blog_posts?select=id&content=match.${SLOW}`, { headers }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      })),
    );
    await new Promise((r) => setTimeout(r, 300));
    const other = await fetch(`${s.url}/rest/v1/categories?select=name&limit=1`, { headers });
    expect(other.status).toBe(200);
    const answers = await Promise.all(flood);
    for (const a of answers) {
      expect(a.body.code).toBe('57014');
      expect(a.body.message).toBe('canceling statement due to statement timeout');
    }
    // Nothing is left running in Postgres once the answers are in.
    const { rows } = await db.query(
      `select count(*)::int as n from pg_stat_activity where state = 'active' and query like '%match%' and query like '%z%'
         and pid <> pg_backend_pid() and usename = 'authenticator'`,
    );
    expect(rows[0].n).toBe(0);
  }, 60_000);
});
