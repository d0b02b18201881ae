import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { createBuildClient } from './client';
import { fetchHotelContact } from './contact';
import {
  fetchCategories,
  fetchLivePosts,
  fetchPostTexts,
  renderPostContent,
  toCategoryOptions,
  toPost,
  type Post,
} from './blog';
import { PAGE_SIZE } from './read-all';
import { fetchReviews } from './reviews';
import { fetchPages, fetchPostBlocks, fetchSections, toBlock, toSection } from './pages';
import { fetchRedirects, fetchSeoSettings, fetchSitemapOverrides, fetchStaticSeo } from './seo';
import { buildSitemap } from '../sitemap/entries';
import { readPublicImageSizes } from './local-images';
import { featuredImage, isOptimisable, optimiseBodyImages } from '../images/storage-images';
import { generatedPageKeys } from './cache-keys';
import { buildScoped, keptBetweenBuilds, markBuild, planRelease, readBaseKeys, readsTextsByPlan } from './release-plan';
import { EXCERPT_LENGTH, excerptOf, formatPostDate } from '../blog/format';
import { fallbackWarning } from '../markdown/render';
import type { PostFormat } from '../blog/post';
import { buildEnvironment } from '../env/build.mjs';

/**
 * Everything the build reads from the database, each collection read once per build and shared by every page
 * (pages call these getters; none of them queries on its own).
 */

const client = buildScoped<ReturnType<typeof createBuildClient>>();
const db = () => {
  markBuild('firstRead');
  return client(() => createBuildClient(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY));
};

/**
 * Memoises an async read for the build: the first call starts it, every later call of the same build shares the
 * same promise. Held for the build only (buildScoped), not in this module, which a warm builder never frees.
 */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  const scoped = buildScoped<Promise<T>>();
  return () => scoped(read);
}

export const getHotelContact = once(() => fetchHotelContact(db()));
export const getSeoSettings = once(() => fetchSeoSettings(db()));
export const getStaticSeo = once(async () => new Map((await fetchStaticSeo(db())).map((r) => [r.page_route, r])));
export const getCategories = once(async () => toCategoryOptions(await fetchCategories(db())));
const getSectionRows = once(() => fetchSections(db()));

export const getPublicImageSizes = once(() => readPublicImageSizes());

export type LivePost = Awaited<ReturnType<typeof getPosts>>[number];

const excerpts = keptBetweenBuilds<string>('excerpt', { persist: true });
const dateLabels = keptBetweenBuilds<string>('date-label', { persist: true });
/**
 * A post's excerpt and date label, each made once for its inputs (excerptOf reads the excerpt field and the opening
 * of the content, nothing else): a warm builder's next publish makes only the changed posts' (#28); at 10,000 posts
 * the excerpts cost 0.3 s a publish, the dates 0.05 s. Postgres text holds no NUL, so the excerpt's key is unambiguous.
 */
const postFormat: PostFormat = {
  excerpt: (row) =>
    excerpts(`${row.excerpt ?? ''}\u0000${(row.content ?? '').slice(0, EXCERPT_LENGTH * 4)}`, () => excerptOf(row)),
  dateLabel: (iso) => dateLabels(iso, () => formatPostDate(iso)),
};

/** A date as the blog shows it (formatPostDate), kept between builds like the posts' (the HTML sitemap's). */
export const postDateLabel = (iso: string) => postFormat.dateLabel(iso);

/** Whether this build reads every post's whole text with the list, or after the plan (release-plan.ts). */
const readsWholeTexts = () => !readsTextsByPlan(buildEnvironment());

/** The whole texts read with the list (readsWholeTexts), by post id, for getPostTexts. */
const listedTexts = buildScoped<Map<string, string>>();

export const getPosts = once(async () => {
  const whole = readsWholeTexts();
  const [rows, categories, sections, blocks] = await Promise.all([
    fetchLivePosts(db(), whole ? 'whole' : 'opening'),
    getCategories(),
    getSectionRows(),
    fetchPostBlocks(db()),
  ]);
  if (whole) listedTexts(() => new Map(rows.map((r) => [r.id, r.content])));
  // One pass each, so ten thousand posts cost a lookup each, not a scan of every block.
  const blocksOf = Map.groupBy(blocks, (b) => b.blog_post_id);
  const sectionsOf = Map.groupBy(sections, (s) => s.blog_post_id);
  return Promise.all(
    rows.map(async (row) => {
      // `content` is the whole text or its opening (fetchLivePosts): either makes the same excerpt, and neither is
      // kept here. The page's key takes the text's digest; its render, the text (getPostTexts).
      const { content: _text, ...post } = toPost(row, categories, postFormat);
      // Uploaded images (D21): the featured image (on the cards too) becomes optimised copies here, the content's
      // images when the page renders (renderPostHtml).
      const where = `blog_posts ${row.id} (/blog/${row.slug}/)`;
      const featured = isOptimisable(post.image) ? await featuredImage(post.image, `${where} featured_image`) : null;
      return {
        ...post,
        contentDigest: row.content_digest,
        ...(featured === 'omit'
          ? { image: null }
          : featured
            ? { image: featured.src, imageSrcset: featured.srcset }
            : {}),
        blocks: (blocksOf.get(row.id) ?? []).map(toBlock),
        sections: (sectionsOf.get(row.id) ?? []).map(toSection),
      };
    }),
  );
});

/**
 * The whole texts of the posts whose pages this build renders, by post id: read with the list, or read now for just
 * those posts (a layered build), or all again if the plan renders more than a page of reading would hold.
 */
export const getPostTexts = once(async (): Promise<Map<string, string>> => {
  const posts = await getPosts();
  if (readsWholeTexts()) return listedTexts(() => new Map());
  const renders = await getRenderFilter();
  const ids = posts.filter((p) => renders(`/blog/${p.slug}/`)).map((p) => p.id);
  if (!ids.length) return new Map();
  return fetchPostTexts(db(), ids.length > PAGE_SIZE ? 'all' : ids);
});

/** The local images' sizes as one string: part of a rendered post's key, since its <img> tags carry them. */
const getImageSizesKey = once(async () =>
  JSON.stringify([...(await getPublicImageSizes())].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
);

/**
 * A post's markdown rendered (marked and the sanitizer), kept by the text and the local images' sizes, on disk too
 * (keptBetweenBuilds): about 0.25 s of a full build of 1,000 posts (npm run bench:build), as Astro's content layer
 * keeps a markdown file's HTML. A text shown as plain text keeps its reason, so every build's log still names it.
 */
const renderedPosts = keptBetweenBuilds<{ html: string; fallback?: string }>('post-html', { persist: true });

/**
 * A post's content as HTML, local images sized and uploaded ones optimised (D21): only for a page that renders. Its
 * text is getPostTexts'; a post unpublished or deleted between the build's two reads fails the build, which leaves
 * the live site as it was: the save that did it queued the next build, which leaves the post out.
 */
export async function renderPostHtml(post: Pick<Post, 'id' | 'slug'>): Promise<string> {
  const [sizes, sizesKey, texts] = await Promise.all([getPublicImageSizes(), getImageSizesKey(), getPostTexts()]);
  const content = texts.get(post.id);
  if (content === undefined)
    throw new Error(
      `blog_posts ${post.id} (/blog/${post.slug}/) was unpublished or deleted while the site was building; the next build leaves it out.`,
    );
  const source = `blog_posts ${post.id} (${post.slug}) content`;
  const rendered = renderedPosts(`${sizesKey}\u0000${content}`, () => {
    let fallback: string | undefined;
    const html = renderPostContent(content, {
      imageSize: (src) => sizes.get(src),
      source,
      onFallback: (reason) => (fallback = reason),
    });
    return fallback === undefined ? { html } : { html, fallback };
  });
  if (rendered.fallback !== undefined) console.warn(fallbackWarning(source, rendered.fallback));
  return optimiseBodyImages(rendered.html, `blog_posts ${post.id} (/blog/${post.slug}/) content`);
}

export const getReviews = once(() => fetchReviews(db()));
export const getPages = once(async () => fetchPages(db(), await getSectionRows()));
export const getRedirectRows = once(() => fetchRedirects(db()));

export const getSitemap = once(async () => {
  const [posts, pages, overrides, staticSeo] = await Promise.all([
    getPosts(),
    getPages(),
    fetchSitemapOverrides(db()),
    getStaticSeo(),
  ]);
  return buildSitemap({
    posts: posts.map((p) => ({ slug: p.slug, title: p.title, updated_at: p.updatedAt, is_indexed: p.seo.is_indexed })),
    pages: pages.map((p) => ({ ...p.row, is_indexed: p.row.is_indexed })),
    overrides: overrides.map((o) => ({ ...o, priority: o.priority === null ? null : Number(o.priority) })),
    staticSeo: [...staticSeo.values()],
  });
});

/**
 * The cache key of every generated page, by path (#17, src/lib/content/cache-keys.ts): a page whose key is unchanged
 * is copied from the previous build.
 */
export const getPageCacheKeys = once(async () => {
  const [contact, settings, categories, publicImageSizes, posts, pages, staticSeo] = await Promise.all([
    getHotelContact(),
    getSeoSettings(),
    getCategories(),
    getPublicImageSizes(),
    getPosts(),
    getPages(),
    getStaticSeo(),
  ]);
  return generatedPageKeys({
    site: {
      contact,
      settings,
      categories,
      publicImageSizes,
      year: new Date().getFullYear(),
      origins: { site: String(import.meta.env.SITE ?? ''), supabase: PUBLIC_SUPABASE_URL },
    },
    posts,
    pages,
    staticSeo,
  });
});

/**
 * Whether a generated page renders in this build (#28, release-plan.ts): always, except in a layered build whose
 * base release holds the page with the same key.
 */
export const getRenderFilter = once(async () => {
  const keys = await getPageCacheKeys();
  const env = buildEnvironment();
  return env.RELEASE_LAYERED
    ? planRelease(keys, readBaseKeys(env.RELEASE_BASE), env.RELEASE_MANIFEST).renders
    : planRelease(keys, null).renders;
});
