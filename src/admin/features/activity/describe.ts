/**
 * The Activity tab's words (#30, D27): each entry of the activity log as one sentence ('Anita changed the phone
 * number from “…” to “…”', 'Ram unpublished the post “Walking the Kora at Dawn”', 'Anita created the redirect
 * /old/ → /new/'), the changed fields one by one, and where in the admin the item is. Pure: the names of people
 * and of rows as they are today come in `Context`.
 */
import type { HashRoute } from '../../lib/hash-route';

type Values = Record<string, unknown>;

/** An activity_log row, as the admin reads it. */
export interface LogEntry {
  id: number;
  happened_at: string;
  actor_id: string | null;
  actor_role: string;
  table_name: string;
  row_id: string | null;
  action: string;
  old_values: unknown;
  new_values: unknown;
}

export interface FieldChange {
  field: string;
  label: string;
  /** The value before and after, as text ('—' for none); empty when the entry has no such side. */
  before: string;
  after: string;
}

export interface Described {
  who: string;
  sentence: string;
  changes: FieldChange[];
  link?: { route: HashRoute; label: string };
}

export interface Context {
  /** Staff names by user id. */
  people: ReadonlyMap<string, string>;
  /** Rows as they are today, by `table:id`; a row deleted since is absent. */
  items: ReadonlyMap<string, Values>;
}

const obj = (v: unknown): Values => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Values) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const quote = (s: string) => `“${s}”`;
const WITHHELD = '(withheld)';

/** A staff member's name: the full name, else the username written as a name ('pema' → 'Pema'). */
export function personName(profile: { username: string | null; full_name: string | null }): string {
  const username = profile.username?.trim() ?? '';
  return profile.full_name?.trim() || username.charAt(0).toUpperCase() + username.slice(1) || 'A staff member';
}

export const peopleOf = (profiles: ReadonlyArray<{ id: string; username: string | null; full_name: string | null }>) =>
  new Map(profiles.map((p) => [p.id, personName(p)]));

/** Who acted: a staff member by name, or what acts without one. */
export function actorName(entry: Pick<LogEntry, 'actor_id' | 'actor_role'>, people: Context['people']): string {
  if (entry.actor_role === 'authenticated')
    return (entry.actor_id && people.get(entry.actor_id)) || 'A former staff member';
  if (entry.actor_role === 'service_role') return 'The server';
  if (entry.actor_role === 'anon') return 'A visitor';
  return 'The database';
}

/** The people filter's choices besides staff: work done without a signed-in user. */
export const ACTOR_OPTIONS = [
  { value: 'service_role', label: 'The server (publisher, functions, scripts)' },
  { value: 'system', label: 'The database (migrations, scheduled jobs)' },
];

const BLOCK_TYPES: Record<string, string> = {
  text: 'a text block',
  heading: 'a heading block',
  image: 'an image block',
  quote: 'a quote block',
  video: 'a video block',
  gallery: 'a gallery block',
};

/** The page or post a block or section belongs to, as a phrase, with its id and whether it still exists. */
function parentOf(v: Values, ctx: Context) {
  const [table, id] = str(v.blog_post_id) ? ['blog_posts', str(v.blog_post_id)] : ['pages', str(v.page_id)];
  if (!id) return undefined;
  const row = ctx.items.get(`${table}:${id}`);
  const title = str(row?.title);
  const kind = table === 'blog_posts' ? 'post' : 'page';
  return { table, id, exists: Boolean(row), thing: title ? `the ${kind} ${quote(title)}` : `a ${kind}` };
}

interface TableWords {
  /** Its name in the filter. */
  label: string;
  /** The row as a phrase: 'the post “…”', 'a redirect'. */
  thing: (v: Values, ctx: Context) => string;
  /** One row of its kind: its changes need no 'of …'. */
  singleton?: boolean;
  /** Field labels that differ from the common ones. */
  fields?: Record<string, string>;
  /** Where the admin shows it: a tab, or the item itself (`item`), given the row's values and its id. */
  link?: (id: string, v: Values, ctx: Context) => Described['link'];
}

const named = (noun: string, column: string) => (v: Values) =>
  str(v[column]) ? `the ${noun} ${quote(str(v[column]))}` : `a ${noun}`;
const tabLink = (tab: string, label: string) => () => ({ route: { tab }, label: `Open ${label}` });
/** A post or page: its editor while it exists. */
const editorLink = (tab: string, table: string, kind: string) => (id: string, _v: Values, ctx: Context) =>
  ctx.items.has(`${table}:${id}`) ? { route: { tab, item: id }, label: `Open the ${kind}` } : undefined;
/** A block or section: the editor of its page or post. */
const parentLink = (_id: string, v: Values, ctx: Context): Described['link'] => {
  const parent = parentOf(v, ctx);
  if (!parent?.exists) return undefined;
  const post = parent.table === 'blog_posts';
  return { route: { tab: post ? 'blog' : 'pages', item: parent.id }, label: `Open the ${post ? 'post' : 'page'}` };
};

export const TABLES: Record<string, TableWords> = {
  blog_posts: {
    label: 'Blog posts',
    thing: named('post', 'title'),
    link: editorLink('blog', 'blog_posts', 'post'),
  },
  pages: { label: 'Pages', thing: named('page', 'title'), link: editorLink('pages', 'pages', 'page') },
  content_blocks: {
    label: 'Content blocks',
    thing: (v, ctx) => {
      const block = BLOCK_TYPES[str(v.block_type)] ?? 'a content block';
      const parent = parentOf(v, ctx);
      return parent ? `${block} in ${parent.thing}` : block;
    },
    fields: { content: 'content', block_type: 'type', sort_order: 'position' },
    link: parentLink,
  },
  sections: {
    label: 'Sections',
    thing: (v, ctx) => {
      const section = named('section', 'section_name')(v);
      const parent = parentOf(v, ctx);
      return parent ? `${section} in ${parent.thing}` : section;
    },
    fields: { section_name: 'name', section_content: 'content', sort_order: 'position' },
    link: parentLink,
  },
  reviews: {
    label: 'Reviews',
    thing: (v) => (str(v.reviewer_name) ? `the review by ${str(v.reviewer_name)}` : 'a review'),
    link: tabLink('reviews', 'Reviews'),
  },
  categories: { label: 'Categories', thing: named('category', 'name'), link: tabLink('categories', 'Categories') },
  contact_details: {
    label: 'Contact details',
    thing: () => 'the contact details',
    singleton: true,
    fields: { email: 'hotel’s email address' },
    link: tabLink('contact', 'Contact Info'),
  },
  seo_settings: {
    label: 'Global SEO',
    thing: () => 'the global SEO settings',
    singleton: true,
    link: tabLink('seo', 'SEO & Favicon'),
  },
  static_page_seo: {
    label: 'Page SEO',
    thing: (v) => (str(v.page_route) ? `the SEO of ${str(v.page_route)}` : 'the SEO of a page'),
    link: (_id, v) => ({
      route: str(v.page_route) ? { tab: 'page-seo', item: str(v.page_route) } : { tab: 'page-seo' },
      label: 'Open Page SEO',
    }),
  },
  seo_redirects: {
    label: 'Redirects',
    thing: (v) =>
      str(v.from_url) && str(v.to_url) ? `the redirect ${str(v.from_url)} → ${str(v.to_url)}` : 'a redirect',
    link: tabLink('redirects', 'Redirects'),
  },
  sitemap_entries: {
    label: 'Sitemap',
    thing: (v) => (str(v.url) ? `the sitemap entry ${str(v.url)}` : 'a sitemap entry'),
    link: tabLink('sitemap', 'Sitemap'),
  },
  user_roles: {
    label: 'Staff roles',
    thing: (v, ctx) => `the role of ${ctx.people.get(str(v.user_id)) ?? 'a staff member'}`,
  },
  contact_submissions: {
    label: 'Guest messages',
    thing: () => 'a guest message',
    link: tabLink('submissions', 'Submissions'),
  },
  newsletter_subscribers: {
    label: 'Newsletter',
    thing: () => 'a newsletter address',
    link: tabLink('submissions', 'Submissions'),
  },
  retention_settings: {
    label: 'Guest data retention',
    thing: () => 'the retention setting',
    singleton: true,
    link: tabLink('submissions', 'Submissions'),
  },
};

/** The table filter's choices, in the admin's order. */
export const TABLE_OPTIONS = Object.entries(TABLES).map(([value, t]) => ({ value, label: t.label }));

const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  slug: 'URL slug',
  content: 'text',
  excerpt: 'excerpt',
  meta_title: 'SEO title',
  meta_description: 'SEO description',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  seo_keywords: 'keywords',
  canonical_url: 'canonical URL',
  custom_url: 'custom URL',
  og_title: 'social title',
  og_description: 'social description',
  og_image: 'social image',
  og_type: 'social type',
  twitter_card: 'X card',
  twitter_title: 'X title',
  twitter_description: 'X description',
  twitter_image: 'X image',
  featured_image: 'featured image',
  alt_text: 'alt text',
  author_name: 'author',
  author_role: 'author’s role',
  author_image: 'author’s photo',
  published_date: 'publish date',
  schema_markup: 'structured data',
  preview_mode: 'preview mode',
  is_indexed: 'search indexing',
  is_published: 'publishing',
  name: 'name',
  reviewer_name: 'reviewer’s name',
  review_text: 'review text',
  review_date: 'review date',
  platform_source: 'platform',
  from_url: 'source address',
  to_url: 'target address',
  redirect_type: 'redirect type',
  url: 'address',
  changefreq: 'change frequency',
  is_included: 'sitemap inclusion',
  entry_type: 'kind',
  hotel_name: 'hotel name',
  phone: 'phone number',
  email: 'email address',
  booking_url: 'booking link',
  page_route: 'page',
  site_name: 'site name',
  site_description: 'site description',
  ga4_tracking_id: 'Google Analytics ID',
  gsc_verification: 'Search Console verification',
  gtm_container_id: 'Tag Manager ID',
  header_scripts: 'header scripts',
  body_scripts: 'body scripts',
  default_og_image: 'default social image',
  default_twitter_handle: 'X handle',
  facebook_app_id: 'Facebook app ID',
  linkedin_company_id: 'LinkedIn company ID',
  favicon_url: 'favicon',
  default_schema_markup: 'default structured data',
  retention_months: 'retention period',
  unsubscribed_at: 'unsubscription',
};

const fieldLabel = (table: string, field: string) =>
  TABLES[table]?.fields?.[field] ?? FIELD_LABELS[field] ?? field.replace(/_/g, ' ');

/** Columns that are bookkeeping, not content: never listed as a change. */
const META = new Set(['id', 'created_at', 'updated_at']);

/** A value short enough to say in a sentence, or undefined. */
function inSentence(v: unknown): string | undefined {
  if (v === null || v === undefined || v === '') return 'nothing';
  if (v === WITHHELD) return undefined;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string' && v.length <= 60 && !/[\r\n]/.test(v)) return quote(v);
  return undefined;
}

/** A value in the details list: whole when short, else cut at 300 characters. */
export function detailText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** 'a', 'a and b', 'a, b and c'. */
export function listOf(items: string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Changes said with their own verb, as staff would say them: (before, after, the item) → a clause; undefined to say
 * it as a plain change. The item is 'it' after its first mention.
 */
type Verb = (before: unknown, after: unknown, thing: string) => string | undefined;
const onOff =
  (on: (t: string) => string, off: (t: string) => string): Verb =>
  (_before, after, thing) =>
    after === true ? on(thing) : after === false ? off(thing) : undefined;
const rename: Verb = (_before, after, thing) => (str(after) ? `renamed ${thing} to ${quote(str(after))}` : undefined);

const published = onOff(
  (t) => `published ${t}`,
  (t) => `unpublished ${t}`,
);
const indexed = onOff(
  (t) => `let search engines index ${t}`,
  (t) => `hid ${t} from search engines`,
);
const shown = onOff(
  (t) => `showed ${t}`,
  (t) => `hid ${t}`,
);

const VERBS: Record<string, Record<string, Verb>> = {
  blog_posts: { title: rename, is_published: published, is_indexed: indexed },
  pages: { title: rename, is_published: published, is_indexed: indexed },
  categories: { name: rename },
  content_blocks: { is_active: shown },
  sections: { is_active: shown },
  reviews: {
    is_displayed: onOff(
      (t) => `showed ${t} on the site`,
      (t) => `hid ${t}`,
    ),
    is_featured: onOff(
      (t) => `featured ${t}`,
      (t) => `stopped featuring ${t}`,
    ),
  },
  seo_redirects: {
    is_active: onOff(
      (t) => `turned on ${t}`,
      (t) => `turned off ${t}`,
    ),
  },
  sitemap_entries: {
    is_included: onOff(
      (t) => `included ${t} in the sitemap`,
      (t) => `left ${t} out of the sitemap`,
    ),
  },
  static_page_seo: { is_indexed: indexed },
  contact_submissions: {
    status: (_before, after, thing) => (str(after) ? `marked ${thing} as ${str(after)}` : undefined),
  },
  newsletter_subscribers: {
    unsubscribed_at: (_before, after, thing) =>
      after ? `marked ${thing} as unsubscribed` : `subscribed ${thing} again`,
  },
  retention_settings: {
    retention_months: (before, after) =>
      typeof before === 'number' && typeof after === 'number'
        ? `changed how long guest data is kept from ${before} to ${after} months`
        : undefined,
  },
};

/** What an update did, as clauses: the changes with verbs of their own first, then the plain ones. */
function updateClauses(table: string, before: Values, after: Values, thing: string): string[] {
  const words = TABLES[table];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !META.has(k));
  const clauses: string[] = [];
  const plain: string[] = [];
  for (const key of keys) {
    const clause = VERBS[table]?.[key]?.(before[key], after[key], clauses.length ? 'it' : thing);
    if (clause) clauses.push(clause);
    else plain.push(key);
  }
  if (!plain.length) return clauses;
  const labels = plain.map((k) => fieldLabel(table, k));
  // 'its title', 'the phone number' (of the one row), 'the title of the post “…”'.
  const whose = clauses.length ? `its ${listOf(labels)}` : `the ${listOf(labels)}`;
  const of = clauses.length || words?.singleton ? '' : ` of ${thing}`;
  if (plain.length === 1) {
    const [from, to] = [inSentence(before[plain[0]]), inSentence(after[plain[0]])];
    if (from && to) return [...clauses, `changed ${whose}${of} from ${from} to ${to}`];
  }
  return [...clauses, `changed ${whose}${of}`];
}

/** The fields an entry shows one by one: an update's changes; what an insert set, or a delete removed. */
function changesOf(entry: LogEntry, before: Values, after: Values): FieldChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !META.has(k));
  return keys
    .filter((k) => entry.action === 'update' || detailText(before[k] ?? after[k]) !== '—')
    .map((field) => ({
      field,
      label: fieldLabel(entry.table_name, field),
      before: entry.action === 'insert' ? '' : detailText(before[field]),
      after: entry.action === 'delete' ? '' : detailText(after[field]),
    }));
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One entry in words, with its changed fields and a link to its item. */
export function describeEntry(entry: LogEntry, ctx: Context): Described {
  const table = entry.table_name;
  const words = TABLES[table];
  const before = obj(entry.old_values);
  const after = obj(entry.new_values);
  const current = entry.row_id ? ctx.items.get(`${table}:${entry.row_id}`) : undefined;
  // What names the row: its values in the entry, the row as it is today for what the entry lacks. An update is
  // named as the row was before it.
  const values: Values = entry.action === 'insert' ? { ...current, ...after } : { ...current, ...after, ...before };
  const thing = words ? words.thing(values, ctx) : `a row of ${table}`;
  const staff = entry.actor_role === 'authenticated';
  let who = actorName(entry, ctx.people);
  let clauses: string[];

  if (entry.action === 'insert') {
    if (table === 'contact_submissions' && !staff) [who, clauses] = ['A guest', ['sent a message']];
    else if (table === 'newsletter_subscribers' && !staff)
      [who, clauses] = ['A guest', ['subscribed to the newsletter']];
    else if (table === 'user_roles')
      clauses = [
        `gave ${ctx.people.get(str(values.user_id)) ?? 'a staff member'} the ${str(values.role) || 'admin'} role`,
      ];
    else clauses = [`${table === 'content_blocks' || table === 'sections' ? 'added' : 'created'} ${thing}`];
  } else if (entry.action === 'delete') {
    if (table === 'user_roles')
      clauses = [
        `took the ${str(values.role) || 'admin'} role from ${ctx.people.get(str(values.user_id)) ?? 'a staff member'}`,
      ];
    else clauses = [`${table === 'content_blocks' || table === 'sections' ? 'removed' : 'deleted'} ${thing}`];
  } else {
    clauses = updateClauses(table, before, after, thing);
    if (!clauses.length) clauses = [`changed ${thing}`];
  }

  return {
    who,
    sentence: capitalised(`${who} ${listOf(clauses)}`),
    changes: changesOf(entry, before, after),
    link: entry.row_id && words?.link ? words.link(entry.row_id, values, ctx) : undefined,
  };
}

/** Tables whose rows are named by their own columns, looked up as they are today (activity-items-query). */
const LOOKED_UP = new Set([
  'blog_posts',
  'pages',
  'content_blocks',
  'sections',
  'reviews',
  'categories',
  'static_page_seo',
  'seo_redirects',
  'sitemap_entries',
]);

/** The rows a page of entries names, as `table:id`, for the lookup of their names today (activity-items-query). */
export function refsOf(entries: ReadonlyArray<Pick<LogEntry, 'table_name' | 'row_id' | 'old_values' | 'new_values'>>) {
  const refs = new Set<string>();
  for (const e of entries) {
    if (e.row_id && LOOKED_UP.has(e.table_name)) refs.add(`${e.table_name}:${e.row_id}`);
    for (const v of [obj(e.old_values), obj(e.new_values)]) {
      if (str(v.page_id)) refs.add(`pages:${str(v.page_id)}`);
      if (str(v.blog_post_id)) refs.add(`blog_posts:${str(v.blog_post_id)}`);
    }
  }
  return [...refs].sort();
}
