/** The Activity tab's words (#30): each activity-log entry as a sentence, its changed fields and its link. */
import { describe, expect, it } from 'vitest';
import {
  actorName,
  describeEntry,
  listOf,
  peopleOf,
  refsOf,
  type Context,
  type LogEntry,
} from '../../src/admin/features/activity/describe';
import { dayRange } from '../../src/admin/features/activity/activity-filters';

const ANITA = '11111111-1111-4111-8111-111111111111';
const RAM = '22222222-2222-4222-8222-222222222222';
const POST = '33333333-3333-4333-8333-333333333333';
const PAGE = '44444444-4444-4444-8444-444444444444';

const ctx = (items: Record<string, Record<string, unknown>> = {}): Context => ({
  people: peopleOf([
    { id: ANITA, username: 'anita', full_name: 'Anita' },
    { id: RAM, username: 'ram', full_name: null },
  ]),
  items: new Map(Object.entries(items)),
});

let n = 0;
const entry = (e: Partial<LogEntry> & Pick<LogEntry, 'table_name' | 'action'>): LogEntry => ({
  id: ++n,
  happened_at: '2026-11-27T08:00:00Z',
  actor_id: ANITA,
  actor_role: 'authenticated',
  row_id: POST,
  old_values: null,
  new_values: null,
  ...e,
});

describe('activity in words', () => {
  it.each<[string, LogEntry, Context, string]>([
    [
      'a change of the phone number, with both values',
      entry({
        table_name: 'contact_details',
        action: 'update',
        old_values: { phone: '+977 1 4470000' },
        new_values: { phone: '+977 1 4000111' },
      }),
      ctx(),
      'Anita changed the phone number from “+977 1 4470000” to “+977 1 4000111”',
    ],
    [
      'unpublishing a post named as it is today (the entry holds only the changed column)',
      entry({
        table_name: 'blog_posts',
        action: 'update',
        actor_id: RAM,
        old_values: { is_published: true },
        new_values: { is_published: false },
      }),
      ctx({ [`blog_posts:${POST}`]: { id: POST, title: 'Walking the Kora at Dawn' } }),
      'Ram unpublished the post “Walking the Kora at Dawn”',
    ],
    [
      'a new redirect',
      entry({
        table_name: 'seo_redirects',
        action: 'insert',
        new_values: { id: 'r1', from_url: '/old/', to_url: '/new/', redirect_type: 301, is_active: true },
      }),
      ctx(),
      'Anita created the redirect /old/ → /new/',
    ],
    [
      'a long text change: the field only',
      entry({
        table_name: 'blog_posts',
        action: 'update',
        old_values: { content: 'Line one.\nLine two.' },
        new_values: { content: 'Line one.\nLine 2.' },
      }),
      ctx({ [`blog_posts:${POST}`]: { id: POST, title: 'Kora' } }),
      'Anita changed the text of the post “Kora”',
    ],
    [
      'several fields, and a verb with a plain change after it',
      entry({
        table_name: 'pages',
        action: 'update',
        row_id: PAGE,
        old_values: { is_published: false, meta_title: 'A', slug: 'a' },
        new_values: { is_published: true, meta_title: 'B', slug: 'b' },
      }),
      ctx({ [`pages:${PAGE}`]: { id: PAGE, title: 'About' } }),
      'Anita published the page “About” and changed its SEO title and URL slug',
    ],
    [
      'a rename, named as it was',
      entry({
        table_name: 'blog_posts',
        action: 'update',
        old_values: { title: 'Kora' },
        new_values: { title: 'The Kora' },
      }),
      ctx({ [`blog_posts:${POST}`]: { id: POST, title: 'The Kora' } }),
      'Anita renamed the post “Kora” to “The Kora”',
    ],
    [
      'a deleted post, named from the entry itself',
      entry({ table_name: 'blog_posts', action: 'delete', old_values: { id: POST, title: 'Old news' } }),
      ctx(),
      'Anita deleted the post “Old news”',
    ],
    [
      'a block of a post',
      entry({
        table_name: 'content_blocks',
        action: 'insert',
        row_id: 'b1',
        new_values: { id: 'b1', block_type: 'image', blog_post_id: POST, content: { url: '/x.png' } },
      }),
      ctx({ [`blog_posts:${POST}`]: { id: POST, title: 'Kora' } }),
      'Anita added an image block in the post “Kora”',
    ],
    [
      'a guest’s message through the contact function',
      entry({
        table_name: 'contact_submissions',
        action: 'insert',
        actor_id: null,
        actor_role: 'service_role',
        new_values: { email: '(withheld)' },
      }),
      ctx(),
      'A guest sent a message',
    ],
    [
      'a message marked as read',
      entry({
        table_name: 'contact_submissions',
        action: 'update',
        old_values: { status: 'unread' },
        new_values: { status: 'read' },
      }),
      ctx(),
      'Anita marked a guest message as read',
    ],
    [
      'the retention job’s deletion',
      entry({
        table_name: 'contact_submissions',
        action: 'delete',
        actor_id: null,
        actor_role: 'system',
        old_values: { email: '(withheld)' },
      }),
      ctx(),
      'The database deleted a guest message',
    ],
    [
      'the retention setting',
      entry({
        table_name: 'retention_settings',
        action: 'update',
        old_values: { retention_months: 12 },
        new_values: { retention_months: 6 },
      }),
      ctx(),
      'Anita changed how long guest data is kept from 12 to 6 months',
    ],
    [
      'a role given',
      entry({ table_name: 'user_roles', action: 'insert', new_values: { user_id: RAM, role: 'admin' } }),
      ctx(),
      'Anita gave Ram the admin role',
    ],
    [
      'someone whose account is gone',
      entry({
        table_name: 'reviews',
        action: 'update',
        actor_id: '99999999-9999-4999-8999-999999999999',
        old_values: { is_displayed: true },
        new_values: { is_displayed: false },
      }),
      ctx({ [`reviews:${POST}`]: { id: POST, reviewer_name: 'Sonam' } }),
      'A former staff member hid the review by Sonam',
    ],
    [
      'a value too personal to say',
      entry({
        table_name: 'newsletter_subscribers',
        action: 'update',
        old_values: { email: '(withheld)' },
        new_values: { email: '(withheld)' },
      }),
      ctx(),
      'Anita changed the email address of a newsletter address',
    ],
  ])('%s', (_what, e, context, sentence) => {
    expect(describeEntry(e, context).sentence).toBe(sentence);
  });

  it('lists the changed fields with their values, and no bookkeeping', () => {
    const d = describeEntry(
      entry({
        table_name: 'contact_details',
        action: 'update',
        old_values: { phone: '+977 1 4470000', address: null },
        new_values: { phone: '+977 1 4000111', address: 'Boudha' },
      }),
      ctx(),
    );
    expect(d.changes).toEqual([
      { field: 'phone', label: 'phone number', before: '+977 1 4470000', after: '+977 1 4000111' },
      { field: 'address', label: 'address', before: '—', after: 'Boudha' },
    ]);
    const inserted = describeEntry(
      entry({
        table_name: 'categories',
        action: 'insert',
        new_values: { id: 'c', name: 'Culture', slug: 'culture', description: null, created_at: 'x' },
      }),
      ctx(),
    );
    expect(inserted.changes.map((c) => [c.field, c.before, c.after])).toEqual([
      ['name', '', 'Culture'],
      ['slug', '', 'culture'],
    ]);
    const long = describeEntry(
      entry({ table_name: 'blog_posts', action: 'update', old_values: { content: 'x'.repeat(400) }, new_values: {} }),
      ctx(),
    );
    expect(long.changes[0].before).toHaveLength(301);
  });

  it('links each entry to its item in the admin, while the item exists', () => {
    const live = ctx({ [`blog_posts:${POST}`]: { id: POST, title: 'Kora' } });
    const update = entry({ table_name: 'blog_posts', action: 'update', old_values: { content: 'a' }, new_values: {} });
    expect(describeEntry(update, live).link).toEqual({ route: { tab: 'blog', item: POST }, label: 'Open the post' });
    expect(describeEntry(update, ctx()).link).toBeUndefined();
    const block = entry({ table_name: 'sections', action: 'delete', row_id: 's', old_values: { page_id: PAGE } });
    expect(describeEntry(block, ctx({ [`pages:${PAGE}`]: { id: PAGE, title: 'About' } })).link).toEqual({
      route: { tab: 'pages', item: PAGE },
      label: 'Open the page',
    });
    expect(
      describeEntry(entry({ table_name: 'seo_redirects', action: 'delete', old_values: {} }), ctx()).link?.route,
    ).toEqual({ tab: 'redirects' });
    expect(
      describeEntry(
        entry({ table_name: 'static_page_seo', action: 'update', old_values: { seo_title: 'a' }, new_values: {} }),
        ctx({ [`static_page_seo:${POST}`]: { page_route: '/about/' } }),
      ).link?.route,
    ).toEqual({ tab: 'page-seo', item: '/about/' });
    expect(
      describeEntry(entry({ table_name: 'contact_details', action: 'update', old_values: {} }), ctx()).link?.route,
    ).toEqual({ tab: 'contact' });
    expect(describeEntry(entry({ table_name: 'user_roles', action: 'delete' }), ctx()).link).toBeUndefined();
  });

  it('names who acted without a user', () => {
    const people = new Map();
    expect(actorName({ actor_id: null, actor_role: 'service_role' }, people)).toBe('The server');
    expect(actorName({ actor_id: null, actor_role: 'system' }, people)).toBe('The database');
    expect(actorName({ actor_id: null, actor_role: 'anon' }, people)).toBe('A visitor');
    expect(peopleOf([{ id: 'x', username: 'pema', full_name: '  ' }]).get('x')).toBe('Pema');
    expect(peopleOf([{ id: 'x', username: null, full_name: null }]).get('x')).toBe('A staff member');
  });

  it('asks for the rows a page names, and for the pages and posts of its blocks', () => {
    expect(
      refsOf([
        { table_name: 'blog_posts', row_id: POST, old_values: null, new_values: null },
        { table_name: 'content_blocks', row_id: 'b', old_values: { page_id: PAGE }, new_values: null },
        { table_name: 'contact_details', row_id: 'c', old_values: null, new_values: null },
        { table_name: 'blog_posts', row_id: POST, old_values: null, new_values: null },
      ]),
    ).toEqual([`blog_posts:${POST}`, 'content_blocks:b', `pages:${PAGE}`]);
  });

  it('joins clauses as a sentence does', () => {
    expect(listOf(['a'])).toBe('a');
    expect(listOf(['a', 'b'])).toBe('a and b');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('the day filter', () => {
  it('takes whole days in the browser’s time zone, to inclusive', () => {
    const { from, to } = dayRange('2026-11-01', '2026-11-03');
    expect(new Date(from!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(to!).getTime()).toBe(new Date(2026, 10, 4).getTime());
    expect(dayRange('', '')).toEqual({ from: undefined, to: undefined });
    expect(dayRange('01/11/2026', '')).toEqual({ from: undefined, to: undefined });
    // The last day of a month rolls over.
    expect(new Date(dayRange('', '2026-11-30').to!).getTime()).toBe(new Date(2026, 11, 1).getTime());
  });
});
