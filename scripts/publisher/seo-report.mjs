// @ts-check
/**
 * The SEO report of a build (#29, D28): what a search engine and a guest would meet in the built site, read from the
 * built HTML itself, not from the rows it came from. Advice only: a build never fails for a finding, and a report
 * that cannot be made stores nothing (publisher.mjs, scripts/deploy-build.mjs).
 *
 * Input: a build folder (its HTML pages, `sitemap.xml`, `_redirects` and every other file). Output: findings
 * `{ kind, path, detail, target? }` (`target`, when there is one, is what the finding is about: the link, the image,
 * the other page; it keeps a finding the same from one build to the next while its wording changes):
 * - `title-missing`, `title-duplicate` (two `<title>` elements, or the same title as another indexable page),
 *   `title-long` (over 60 characters), `description-missing`, `description-long` (over 160);
 * - `h1-missing`, `h1-multiple`; `img-alt-missing` (an `<img>` without an alt attribute; `alt=""` is a decorative
 *   image, which is right); `og-image-missing`;
 * - `broken-link` (an `<a href>` of this site that reaches no built page or file, redirects followed),
 *   `broken-image` (an `<img src>`, a `srcset` candidate, a `<picture>` source or the `og:image` of this site
 *   that reaches no file);
 * - `redirect-chain`, `redirect-loop`, `redirect-broken` (a rule of `_redirects` whose target is another redirect,
 *   comes back to where it started, or reaches no page);
 * - `sitemap-noindex` (a noindex page in `sitemap.xml`), `sitemap-missing` (an indexable page not in it),
 *   `sitemap-not-a-page` (an entry that redirects or reaches no page);
 * - `canonical-elsewhere` (the canonical URL names another path, or another site);
 * - `jsonld-invalid` (a JSON-LD block that does not parse), `jsonld-incomplete` (a node that lacks a property
 *   required for its `@type`: REQUIRED_PROPERTIES).
 *
 * Which pages get which checks:
 * - the admin (`/admin/…`, `/mandala-admin-portal/…`) gets none: a client-only app, noindex and nofollow, whose
 *   links are the app's own routes;
 * - the error pages (`404.html`, `500.html`) are answered at addresses that are not theirs, never indexed or
 *   listed: no head checks (title length and duplicates, description, social image, canonical, sitemap), only
 *   what a guest meets on them (a title, one h1, alt texts, links and images, JSON-LD);
 * - other noindex pages (`/thank-you/`, `/booking/`, `/location/directions/`, drafts in preview mode): no search
 *   snippet checks (title length and duplicates, description, social image, canonical: nothing of them is shown in
 *   search results) and never `sitemap-missing`; `sitemap-noindex` is theirs;
 * - the blog's later list pages (`/blog/page/N/`) are indexable but, by design, not in the sitemap (D10): never
 *   `sitemap-missing` either.
 * Content inside `<template>` is inert (the staff editor, D3) and `<title>` inside `<svg>` is an icon's: neither is
 * read.
 *
 * Redirects are read with the hosts' parser (redirect-file.mjs) and followed with the host-rules module's matcher
 * (src/lib/host/redirects.mjs), with the site server's rule for what shadows a rule without `!`. Dynamic rules
 * (a splat or a `:placeholder`) are followed for links but not checked as chains themselves: what they lead to
 * depends on the request.
 */
import { readFile } from 'node:fs/promises';
import { folderView } from './release-view.mjs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { isDynamicSource, matchRedirect } from '../../src/lib/host/redirects.mjs';
import { loadRedirects } from './redirect-file.mjs';

/** @typedef {import('../../src/lib/host/redirects.mjs').HostRedirect} HostRedirect */

/** Every kind of finding, in the order staff read them. */
export const SEO_KINDS = /** @type {const} */ ([
  'title-missing',
  'title-duplicate',
  'title-long',
  'description-missing',
  'description-long',
  'h1-missing',
  'h1-multiple',
  'img-alt-missing',
  'og-image-missing',
  'broken-link',
  'broken-image',
  'redirect-chain',
  'redirect-loop',
  'redirect-broken',
  'sitemap-noindex',
  'sitemap-missing',
  'sitemap-not-a-page',
  'canonical-elsewhere',
  'jsonld-invalid',
  'jsonld-incomplete',
]);

/** @typedef {(typeof SEO_KINDS)[number]} SeoKind */
/**
 * @typedef {object} SeoFinding
 * @property {SeoKind} kind
 * @property {string} path The page (or the redirect's source, or the sitemap entry) as a site path.
 * @property {string} detail What is wrong, in a sentence staff read.
 * @property {string} [target] What the finding is about, when it is not the page itself.
 */
/**
 * @typedef {object} SeoReport What a build's row stores (`site_builds.seo_report`).
 * @property {1} version
 * @property {number} pages HTML pages read.
 * @property {number} total Findings in all, stored or not.
 * @property {Partial<Record<SeoKind, number>>} counts Findings by kind, stored or not.
 * @property {SeoFinding[]} findings At most `SEO_REPORT_LIMIT` of them (`truncated` says when more were found).
 * @property {boolean} truncated
 * @property {number} duration_ms
 */

/** Findings a report stores at most; its counts keep the true figures. */
export const SEO_REPORT_LIMIT = 500;
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 160;
/** Longest path and detail a stored finding keeps (characters). */
const PATH_CHARS = 512;
const DETAIL_CHARS = 300;
/**
 * The blog's later list pages (`/blog/page/2/`…): indexable, reached from /blog/, and deliberately not in the
 * sitemap (D10 lists the content, and every post they list is in it), so never `sitemap-missing`.
 */
const LIST_PAGES = /^\/blog\/page\/\d+\/$/;
/** Redirects followed from one address before it counts as a loop. */
const MAX_HOPS = 10;

/**
 * The properties a JSON-LD node of a type needs before search engines use it (Google's required properties for
 * the rich results the site can have; schema.org itself requires nothing). A small table: types not in it are not
 * checked.
 * @type {Record<string, readonly string[]>}
 */
export const REQUIRED_PROPERTIES = {
  Hotel: ['name', 'address'],
  LodgingBusiness: ['name', 'address'],
  LocalBusiness: ['name', 'address'],
  Restaurant: ['name', 'address'],
  CafeOrCoffeeShop: ['name', 'address'],
  Organization: ['name'],
  BlogPosting: ['headline', 'datePublished', 'image'],
  Article: ['headline', 'datePublished', 'image'],
  NewsArticle: ['headline', 'datePublished', 'image'],
  BreadcrumbList: ['itemListElement'],
  FAQPage: ['mainEntity'],
  Event: ['name', 'startDate', 'location'],
  Review: ['itemReviewed', 'author', 'reviewRating'],
  WebSite: ['name', 'url'],
};

/**
 * What one page says of itself, read once.
 * @typedef {object} PageFacts
 * @property {string} path
 * @property {string[]} titles
 * @property {string | null} description null: no description meta
 * @property {boolean} noindex
 * @property {string | null} canonical
 * @property {string | null} ogImage
 * @property {number} h1
 * @property {Array<{ src: string | null, srcset: string | null, alt: boolean }>} images
 * @property {string[]} sources `<source srcset>` of a picture
 * @property {string[]} links
 * @property {string[]} jsonld
 */

/**
 * Reads a page's HTML into its facts (htmlparser2, streaming: nothing of the page is kept but the facts).
 * @param {string} pagePath
 * @param {string} html
 * @returns {PageFacts}
 */
export function readPage(pagePath, html) {
  /** @type {PageFacts} */
  const facts = {
    path: pagePath,
    titles: [],
    description: null,
    noindex: false,
    canonical: null,
    ogImage: null,
    h1: 0,
    images: [],
    sources: [],
    links: [],
    jsonld: [],
  };
  let template = 0;
  let svg = 0;
  /** @type {'title' | 'jsonld' | null} */
  let capturing = null;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'template') template++;
        if (name === 'svg') svg++;
        if (template) return;
        if (name === 'title' && !svg) {
          capturing = 'title';
          text = '';
        } else if (name === 'script' && (attrs.type ?? '').trim().toLowerCase() === 'application/ld+json') {
          capturing = 'jsonld';
          text = '';
        } else if (name === 'meta') {
          const key = (attrs.name ?? attrs.property ?? '').trim().toLowerCase();
          const content = attrs.content ?? '';
          if (key === 'description' && facts.description === null) facts.description = content;
          else if ((key === 'robots' || key === 'googlebot') && /\bnoindex\b|\bnone\b/i.test(content))
            facts.noindex = true;
          else if (key === 'og:image' && facts.ogImage === null) facts.ogImage = content.trim();
        } else if (name === 'link') {
          const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
          if (rel.includes('canonical') && facts.canonical === null) facts.canonical = (attrs.href ?? '').trim();
        } else if (name === 'h1') facts.h1++;
        else if (name === 'img')
          facts.images.push({ src: attrs.src ?? null, srcset: attrs.srcset ?? null, alt: 'alt' in attrs });
        else if (name === 'source' && attrs.srcset) facts.sources.push(attrs.srcset);
        else if (name === 'a' && attrs.href !== undefined) facts.links.push(attrs.href);
      },
      ontext(t) {
        if (capturing) text += t;
      },
      onclosetag(name) {
        if (name === 'template' && template) template--;
        else if (name === 'svg' && svg) svg--;
        else if (capturing === 'title' && name === 'title') {
          facts.titles.push(text);
          capturing = null;
        } else if (capturing === 'jsonld' && name === 'script') {
          facts.jsonld.push(text);
          capturing = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return facts;
}

/** A page's kind, for which checks apply to it (see the module's comment). @param {string} p */
export function pageClass(p) {
  if (/^\/(admin|mandala-admin-portal)(\/|$)/.test(p)) return 'admin';
  if (p === '/404.html' || p === '/500.html') return 'error';
  return 'page';
}

/** The characters a person counts (code points, white space runs as one). @param {string} s */
const length = (s) => [...s.trim().replace(/\s+/g, ' ')].length;
const clip = (/** @type {string} */ s, /** @type {number} */ n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const quote = (/** @type {string} */ s) => `“${clip(s.trim().replace(/\s+/g, ' '), 80)}”`;

/** The site path of a built HTML file: `about/index.html` → `/about/`, `404.html` → `/404.html`. @param {string} file */
export function pagePathOf(file) {
  const posix = file.split(path.sep).join('/');
  if (posix === 'index.html') return '/';
  if (posix.endsWith('/index.html')) return `/${posix.slice(0, -'index.html'.length)}`;
  return `/${posix}`;
}

/**
 * A built site as the checks read it.
 * @typedef {object} BuiltSite
 * @property {Array<{ path: string, html: string }> | PageFacts[]} pages every HTML page (its HTML, or its facts)
 * @property {Set<string>} files every file of the build as a site path (`/about/index.html`, `/_astro/a.js`)
 * @property {string | null} sitemap the text of `sitemap.xml`
 * @property {HostRedirect[]} redirects `_redirects`, as the hosts read it
 * @property {string} [siteUrl] the canonical origin (SITE_URL); else the one most canonical URLs name
 */

/**
 * The findings of a built site, ordered by kind (SEO_KINDS), then page. Pure.
 * @param {BuiltSite} site
 * @returns {SeoFinding[]}
 */
export function checkSite(site) {
  const facts = site.pages.map((p) => ('html' in p ? readPage(p.path, p.html) : p));
  const origin = siteOrigin(site.siteUrl, facts, site.sitemap);
  const resolve = resolver(site.files, site.redirects, origin);
  /** @type {SeoFinding[]} */
  const findings = [];
  const add = (/** @type {SeoFinding} */ f) =>
    findings.push({
      ...f,
      path: clip(f.path, PATH_CHARS),
      detail: clip(f.detail, DETAIL_CHARS),
      ...(f.target === undefined ? {} : { target: clip(f.target, PATH_CHARS) }),
    });

  /** Pages a search engine is meant to index, by path. */
  const indexable = new Map();
  for (const page of facts) {
    const cls = pageClass(page.path);
    if (cls === 'admin') continue;
    const snippet = cls === 'page' && !page.noindex;
    if (snippet) indexable.set(page.path, page);
    checkHead(page, snippet, origin, add);
    checkBody(page, origin, resolve, add);
    checkJsonLd(page, add);
  }
  checkDuplicateTitles([...indexable.values()], add);
  checkRedirects(site.redirects, origin, resolve, add);
  if (site.sitemap !== null) checkSitemap(site.sitemap, facts, indexable, origin, resolve, add);

  const order = new Map(SEO_KINDS.map((k, i) => [k, i]));
  return findings.sort(
    (a, b) =>
      (order.get(a.kind) ?? 99) - (order.get(b.kind) ?? 99) ||
      a.path.localeCompare(b.path) ||
      (a.target ?? '').localeCompare(b.target ?? ''),
  );
}

/**
 * The site's origin: SITE_URL when given, else the origin most canonical URLs name, else the sitemap's.
 * @param {string | undefined} siteUrl @param {PageFacts[]} facts @param {string | null} sitemap
 */
function siteOrigin(siteUrl, facts, sitemap) {
  if (siteUrl) {
    try {
      return new URL(siteUrl).origin;
    } catch {
      /* guessed below */
    }
  }
  /** @type {Map<string, number>} */
  const seen = new Map();
  const candidates = [
    ...facts.map((f) => f.canonical),
    ...[...(sitemap ?? '').matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map((m) => m[1]),
  ];
  for (const c of candidates) {
    try {
      if (c && /^https?:/i.test(c)) {
        const o = new URL(decodeXml(c)).origin;
        seen.set(o, (seen.get(o) ?? 0) + 1);
      }
    } catch {
      /* not a URL */
    }
  }
  return [...seen].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'http://localhost';
}

/** @type {Record<string, string>} */
const XML_ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (/** @type {string} */ s) => s.replace(/&(amp|lt|gt|quot|apos);/g, (m, e) => XML_ENTITIES[e] ?? m);

/** A path as hosts compare it: decoded, repeated slashes as one. @param {string} p */
function decodedPath(p) {
  let d = p;
  try {
    d = decodeURIComponent(p);
  } catch {
    /* as written */
  }
  return d.replace(/\/{2,}/g, '/');
}

/**
 * Where an address of the site ends: whether a page or file answers it, after the redirects a host would follow.
 * @typedef {{ ok: true, hops: string[] } | { ok: false, hops: string[], loop?: boolean, missing: string }} Resolution
 * @param {Set<string>} files @param {HostRedirect[]} rules @param {string} origin
 */
function resolver(files, rules, origin) {
  // The site server's rule (site-server.mjs): a path ending in `/` is its folder's index.html; another path a file,
  // or that file with `.html`. A folder itself is no file, so `/about` takes its trailing-slash rule.
  const isFile = (/** @type {string} */ p) => {
    const d = decodedPath(p);
    return d.endsWith('/') ? files.has(`${d}index.html`) : files.has(d) || files.has(`${d}.html`);
  };
  // What a host serves without a rule: the file, or a folder's index.html (sirv answers `/about` with it).
  const served = (/** @type {string} */ p) =>
    isFile(p) || files.has(`${decodedPath(p).replace(/\/?$/, '/')}index.html`);
  /** @type {Map<string, Resolution>} */
  const memo = new Map();
  /** @param {URL} url @returns {Resolution} */
  return (url) => {
    const key = url.pathname + url.search;
    const known = memo.get(key);
    if (known) return known;
    /** @type {string[]} */
    const hops = [];
    const seen = new Set([key]);
    let at = url;
    /** @type {Resolution} */
    let result;
    for (;;) {
      const hit = matchRedirect(rules, at, isFile);
      if (!hit) {
        result = served(at.pathname) ? { ok: true, hops } : { ok: false, hops, missing: at.pathname };
        break;
      }
      const next = new URL(hit.location, at);
      if (next.origin !== origin) {
        result = { ok: true, hops: [...hops, next.href] };
        break;
      }
      const nextKey = next.pathname + next.search;
      hops.push(nextKey);
      if (seen.has(nextKey) || hops.length > MAX_HOPS) {
        result = { ok: false, hops, loop: true, missing: nextKey };
        break;
      }
      seen.add(nextKey);
      at = next;
    }
    memo.set(key, result);
    return result;
  };
}

/**
 * An address of this site written in a page, as a URL, or null for another site, a fragment of the page itself,
 * or a scheme that is no page (mailto:, tel:, javascript:, data:…).
 * @param {string} href @param {string} pagePath @param {string} origin
 */
function internalUrl(href, pagePath, origin) {
  const h = href.trim();
  if (!h || h.startsWith('#')) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(h) && !/^https?:/i.test(h)) return null;
  try {
    const url = new URL(h, origin + pagePath);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * The URLs of a srcset (`a.webp 400w, b.webp 800w`), read as the HTML standard reads one: a URL runs to white space
 * (a trailing comma ends it), its descriptors to the next comma.
 * @param {string} srcset
 */
export function srcsetUrls(srcset) {
  /** @type {string[]} */
  const urls = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i])) i++;
    if (i >= srcset.length) break;
    let j = i;
    while (j < srcset.length && !/\s/.test(srcset[j])) j++;
    let url = srcset.slice(i, j);
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
      i = j;
    } else {
      const comma = srcset.indexOf(',', j);
      i = comma < 0 ? srcset.length : comma + 1;
    }
    if (url && !/^data:/i.test(url)) urls.push(url);
  }
  return urls;
}

/**
 * @param {PageFacts} page @param {boolean} snippet whether search engines show it (see the module's comment)
 * @param {string} origin @param {(f: SeoFinding) => void} add
 */
function checkHead(page, snippet, origin, add) {
  const p = page.path;
  const titles = page.titles.filter((t) => t.trim());
  if (!titles.length) add({ kind: 'title-missing', path: p, detail: 'The page has no title.' });
  if (page.titles.length > 1)
    add({ kind: 'title-duplicate', path: p, detail: `The page has ${page.titles.length} <title> elements; one only.` });
  if (!snippet) return;
  if (titles[0] && length(titles[0]) > TITLE_MAX)
    add({
      kind: 'title-long',
      path: p,
      detail: `The title is ${length(titles[0])} characters (at most ${TITLE_MAX} show in search results): ${quote(titles[0])}.`,
    });
  const description = page.description?.trim() ?? '';
  if (!description) add({ kind: 'description-missing', path: p, detail: 'The page has no meta description.' });
  else if (length(description) > DESCRIPTION_MAX)
    add({
      kind: 'description-long',
      path: p,
      detail: `The meta description is ${length(description)} characters (at most ${DESCRIPTION_MAX} show in search results).`,
    });
  if (!page.ogImage)
    add({ kind: 'og-image-missing', path: p, detail: 'No social image (og:image): shared links show no picture.' });
  if (page.canonical) {
    /** @type {URL | null} */
    let url = null;
    try {
      url = new URL(page.canonical, origin + p);
    } catch {
      /* reported below */
    }
    if (!url) add({ kind: 'canonical-elsewhere', path: p, detail: `The canonical URL “${page.canonical}” is no URL.` });
    else if (url.origin !== origin)
      add({
        kind: 'canonical-elsewhere',
        path: p,
        target: url.href,
        detail: `The canonical URL names another site: ${url.href}.`,
      });
    else if (decodedPath(url.pathname) !== decodedPath(p))
      add({
        kind: 'canonical-elsewhere',
        path: p,
        target: url.pathname,
        detail: `The canonical URL names ${url.pathname}, not this page: search engines index that page instead.`,
      });
  }
}

/**
 * @param {PageFacts} page @param {string} origin @param {ReturnType<typeof resolver>} resolve
 * @param {(f: SeoFinding) => void} add
 */
function checkBody(page, origin, resolve, add) {
  const p = page.path;
  if (page.h1 === 0) add({ kind: 'h1-missing', path: p, detail: 'The page has no <h1> heading.' });
  else if (page.h1 > 1)
    add({
      kind: 'h1-multiple',
      path: p,
      detail: `The page has ${page.h1} <h1> headings; the title should be the only one.`,
    });

  const missingAlt = new Set();
  for (const img of page.images) {
    if (img.alt) continue;
    const name = img.src ?? img.srcset ?? '(no src)';
    if (missingAlt.has(name)) continue;
    missingAlt.add(name);
    add({ kind: 'img-alt-missing', path: p, target: name, detail: `An image has no alt text: ${clip(name, 200)}.` });
  }

  /** @param {string} ref @param {'broken-link' | 'broken-image'} kind @param {string} what */
  const reaches = (ref, kind, what, /** @type {Set<string>} */ done) => {
    const url = internalUrl(ref, p, origin);
    if (!url) return;
    const key = url.pathname + url.search;
    if (done.has(key)) return;
    done.add(key);
    const r = resolve(url);
    if (r.ok) return;
    const via = r.hops.length ? ` (it redirects to ${r.hops.join(' → ')})` : '';
    add({
      kind,
      path: p,
      target: key,
      detail: r.loop
        ? `${what} ${key} goes round in redirects${via}.`
        : `${what} ${key} ${kind === 'broken-link' ? 'reaches no page of this site' : 'is not in the build'}${via}.`,
    });
  };
  const links = new Set();
  for (const href of page.links) reaches(href, 'broken-link', 'The link to', links);
  const images = new Set();
  for (const img of page.images) {
    if (img.src) reaches(img.src, 'broken-image', 'The image', images);
    if (img.srcset) for (const u of srcsetUrls(img.srcset)) reaches(u, 'broken-image', 'The image', images);
  }
  for (const srcset of page.sources)
    for (const u of srcsetUrls(srcset)) reaches(u, 'broken-image', 'The image', images);
  if (page.ogImage) reaches(page.ogImage, 'broken-image', 'The social image (og:image)', images);
}

/** Whether a JSON-LD value holds something. @param {unknown} v */
const present = (v) =>
  v !== undefined && v !== null && !(typeof v === 'string' && !v.trim()) && !(Array.isArray(v) && !v.length);

/** @param {PageFacts} page @param {(f: SeoFinding) => void} add */
function checkJsonLd(page, add) {
  page.jsonld.forEach((text, i) => {
    const which = page.jsonld.length > 1 ? `JSON-LD block ${i + 1}` : 'The JSON-LD';
    /** @type {unknown} */
    let data;
    try {
      data = JSON.parse(text);
    } catch (err) {
      add({
        kind: 'jsonld-invalid',
        path: page.path,
        target: `#${i + 1}`,
        detail: `${which} does not parse: ${err instanceof Error ? err.message : err}.`,
      });
      return;
    }
    const nodes = (Array.isArray(data) ? data : [data]).flatMap((n) =>
      n && typeof n === 'object' && Array.isArray(/** @type {any} */ (n)['@graph'])
        ? /** @type {any} */ (n)['@graph']
        : [n],
    );
    for (const node of nodes) {
      if (!node || typeof node !== 'object') continue;
      const types = /** @type {any} */ (node)['@type'];
      for (const type of Array.isArray(types) ? types : [types]) {
        const required = typeof type === 'string' ? REQUIRED_PROPERTIES[type] : undefined;
        if (!required) continue;
        const lacking = required.filter((prop) => !present(/** @type {any} */ (node)[prop]));
        if (lacking.length)
          add({
            kind: 'jsonld-incomplete',
            path: page.path,
            target: type,
            detail: `The JSON-LD ${type} lacks ${lacking.join(', ')}.`,
          });
      }
    }
  });
}

/** The same title on two indexable pages: each page after the first (by path) names the first. */
function checkDuplicateTitles(/** @type {PageFacts[]} */ pages, /** @type {(f: SeoFinding) => void} */ add) {
  /** @type {Map<string, string[]>} */
  const byTitle = new Map();
  for (const page of pages) {
    const title = page.titles
      .find((t) => t.trim())
      ?.trim()
      .replace(/\s+/g, ' ');
    if (!title) continue;
    byTitle.set(title, [...(byTitle.get(title) ?? []), page.path]);
  }
  for (const [title, paths] of byTitle) {
    if (paths.length < 2) continue;
    const [first, ...rest] = [...paths].sort();
    for (const other of rest)
      add({
        kind: 'title-duplicate',
        path: other,
        target: first,
        detail: `The title ${quote(title)} is also the title of ${first}.`,
      });
  }
}

/**
 * The rules of `_redirects` that lead to another redirect (a chain), back where they started (a loop: named once,
 * on the first of its rules) or to no page. Each static source is asked as a request would ask it, so a rule hidden
 * by an earlier one, or shadowed by a file, is judged by what the host answers, not by what it says. Rules with a
 * splat or a placeholder lead where the request says: not judged here.
 * @param {HostRedirect[]} rules @param {string} origin @param {ReturnType<typeof resolver>} resolve
 * @param {(f: SeoFinding) => void} add
 */
function checkRedirects(rules, origin, resolve, add) {
  const done = new Set();
  const loops = new Set();
  for (const rule of rules) {
    if (isDynamicSource(rule.from)) continue;
    const query = new URLSearchParams(rule.query ?? {}).toString();
    const source = `${rule.from.replace(/(.)\/+$/, '$1')}${query ? `?${query}` : ''}`;
    if (done.has(source)) continue;
    done.add(source);
    /** @type {URL} */
    let from;
    try {
      from = new URL(source, origin);
    } catch {
      continue;
    }
    const r = resolve(from);
    if (!r.hops.length) continue; // no redirect answers it (a file shadows the rule)
    const target = r.hops[0];
    const route = [source, ...r.hops].join(' → ');
    if (!r.ok && r.loop) {
      const cycle = [...new Set(r.hops.map((h) => h.replace(/(.)\/+$/, '$1')))].sort().join(' ');
      if (loops.has(cycle)) continue;
      loops.add(cycle);
      add({ kind: 'redirect-loop', path: source, target, detail: `The redirect goes round: ${route}.` });
    } else if (!r.ok)
      add({
        kind: 'redirect-broken',
        path: source,
        target,
        detail: `The redirect leads to ${r.missing}, which no page or file answers (${route}).`,
      });
    else if (r.hops.length > 1)
      add({
        kind: 'redirect-chain',
        path: source,
        target,
        detail: `The redirect takes ${r.hops.length} steps: ${route}. Point it straight at the last one.`,
      });
  }
}

/**
 * @param {string} xml @param {PageFacts[]} pages @param {Map<string, PageFacts>} indexable @param {string} origin
 * @param {ReturnType<typeof resolver>} resolve @param {(f: SeoFinding) => void} add
 */
function checkSitemap(xml, pages, indexable, origin, resolve, add) {
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const listed = new Set();
  for (const m of xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)) {
    /** @type {URL} */
    let url;
    try {
      url = new URL(decodeXml(m[1]), origin);
    } catch {
      add({
        kind: 'sitemap-not-a-page',
        path: clip(m[1], 200),
        detail: `The sitemap lists “${m[1]}”, which is no URL.`,
      });
      continue;
    }
    if (url.origin !== origin) {
      add({ kind: 'sitemap-not-a-page', path: url.href, detail: `The sitemap lists ${url.href}, on another site.` });
      continue;
    }
    const at = url.pathname;
    listed.add(decodedPath(at));
    const page = byPath.get(decodedPath(at));
    if (page) {
      if (page.noindex)
        add({
          kind: 'sitemap-noindex',
          path: at,
          detail: 'The sitemap lists this page, but the page asks search engines not to index it (noindex).',
        });
      continue;
    }
    const r = resolve(url);
    add({
      kind: 'sitemap-not-a-page',
      path: at,
      detail: r.hops.length
        ? `The sitemap lists ${at}, which redirects (${[at, ...r.hops].join(' → ')}): list where it leads instead.`
        : r.ok
          ? `The sitemap lists ${at}, which is a file, not a page.`
          : `The sitemap lists ${at}, which no page answers.`,
    });
  }
  for (const page of indexable.values())
    if (!listed.has(decodedPath(page.path)) && !LIST_PAGES.test(page.path))
      add({ kind: 'sitemap-missing', path: page.path, detail: 'This indexable page is not in the sitemap.' });
}

/**
 * The findings a report stores: at most `limit`, shared fairly between kinds (each kind first gets up to its share,
 * then what is left is filled in order), so that a broken link in the footer of ten thousand pages cannot hide every
 * other kind. The order of `findings` is kept.
 * @param {SeoFinding[]} findings @param {number} [limit]
 */
export function boundFindings(findings, limit = SEO_REPORT_LIMIT) {
  if (findings.length <= limit) return findings;
  /** @type {Map<string, number[]>} */
  const byKind = new Map();
  findings.forEach((f, i) => byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), i]));
  const keep = new Set();
  // Water-filling: kinds with fewer findings than the share give their rest to the others.
  let left = limit;
  let open = [...byKind.values()].sort((a, b) => a.length - b.length);
  while (left > 0 && open.length) {
    const share = Math.floor(left / open.length);
    if (share === 0) {
      for (const list of open) {
        const next = list.find((i) => !keep.has(i));
        if (next !== undefined && left > 0) {
          keep.add(next);
          left--;
        }
      }
      break;
    }
    const still = [];
    for (const list of open) {
      const fresh = list.filter((i) => !keep.has(i));
      const take = fresh.slice(0, share);
      for (const i of take) keep.add(i);
      left -= take.length;
      if (fresh.length > take.length) still.push(list);
    }
    open = still;
  }
  return findings.filter((_, i) => keep.has(i));
}

/**
 * The report a build's row stores: the counts by kind and the total (all findings), and the findings bounded.
 * @param {SeoFinding[]} findings @param {{ pages: number, duration_ms?: number, limit?: number }} opts
 * @returns {SeoReport}
 */
export function summarise(findings, { pages, duration_ms = 0, limit = SEO_REPORT_LIMIT }) {
  /** @type {Partial<Record<SeoKind, number>>} */
  const counts = {};
  for (const f of findings) counts[f.kind] = (counts[f.kind] ?? 0) + 1;
  const stored = boundFindings(findings, limit);
  return {
    version: 1,
    pages,
    total: findings.length,
    counts,
    findings: stored,
    truncated: stored.length < findings.length,
    duration_ms,
  };
}

/**
 * Reads a release (a build folder, or a layered release through its manifest, #28): its pages (as facts, a few at a
 * time, so ten thousand pages never sit in memory as HTML), its files, `sitemap.xml` and `_redirects`.
 * @param {string | import('./release-view.mjs').ReleaseView} release
 * @param {{ siteUrl?: string, cache?: Map<string, PageFacts> }} [opts] `cache`: facts by file on disk, kept by the
 *   caller between reports. A layered release's files never change once written (#28), so only the pages a publish
 *   rendered are read again; the cache is left holding this release's pages only.
 * @returns {Promise<BuiltSite & { pages: PageFacts[] }>}
 */
export async function readSite(release, { siteUrl, cache } = {}) {
  const view = typeof release === 'string' ? folderView(release) : release;
  const rel = view.list();
  const files = new Set(rel.map((f) => `/${f}`));
  const html = rel.filter((f) => f.endsWith('.html') && !/^(admin|mandala-admin-portal)(\/|$)/.test(f));
  const read = (/** @type {string} */ f) => {
    const abs = view.locate(f);
    return abs ? readFile(abs, 'utf8') : Promise.reject(new Error(`${f} is not in the release`));
  };
  /** @type {PageFacts[]} */
  const pages = [];
  /** @type {Map<string, PageFacts>} */
  const seen = new Map();
  const BATCH = 32;
  for (let i = 0; i < html.length; i += BATCH) {
    const batch = await Promise.all(
      html.slice(i, i + BATCH).map(async (f) => {
        const abs = view.locate(f) ?? f;
        const facts = cache?.get(abs) ?? readPage(pagePathOf(f), await read(f));
        seen.set(abs, facts);
        return facts;
      }),
    );
    pages.push(...batch);
  }
  if (cache) {
    cache.clear();
    for (const [k, v] of seen) cache.set(k, v);
  }
  const sitemap = await read('sitemap.xml').catch(() => null);
  const redirects = await loadRedirects(view, () => {});
  return { pages, files, sitemap, redirects, siteUrl };
}

/**
 * The SEO report of a release. Throws only when it cannot be read; its callers catch and store nothing.
 * @param {string | import('./release-view.mjs').ReleaseView} release
 * @param {{ siteUrl?: string, limit?: number, cache?: Map<string, PageFacts> }} [opts] `cache`: see readSite.
 * @returns {Promise<SeoReport>}
 */
export async function seoReport(release, opts = {}) {
  const t0 = Date.now();
  const site = await readSite(release, opts);
  const findings = checkSite(site);
  return summarise(findings, { pages: site.pages.length, duration_ms: Date.now() - t0, limit: opts.limit });
}

/** One line for a log: '3 SEO problems (2 broken links, 1 title too long) in 27 pages, 0.4 s'. @param {SeoReport} r */
export function reportLine(r) {
  const kinds = Object.entries(r.counts)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const problems = r.total === 1 ? '1 SEO problem' : `${r.total} SEO problems`;
  return `${problems}${kinds ? ` (${kinds})` : ''} in ${r.pages} pages, ${(r.duration_ms / 1000).toFixed(1)} s`;
}
