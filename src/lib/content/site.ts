import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { createBuildClient } from './client';
import { fetchHotelContact } from './contact';
import { fetchCategories, fetchLivePosts, toCategoryOptions, toPost } from './blog';
import { fetchReviews } from './reviews';
import { fetchPages, fetchPostBlocks, fetchSections, toBlock, toSection } from './pages';
import { fetchRedirects, fetchSeoSettings, fetchSitemapOverrides, fetchStaticSeo } from './seo';
import { buildSitemap } from '../sitemap/entries';
import { readPublicImageSizes } from './local-images';
import { featuredImage, isUpload, optimiseBodyImages } from '../images/storage-images';

/**
 * Everything the build reads from the database, each collection read once per build and shared by every page
 * (pages call these getters; none of them queries on its own).
 */

let client: ReturnType<typeof createBuildClient> | undefined;
const db = () => (client ??= createBuildClient(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY));

/** Memoises an async read: the first call starts it, every later call shares the same promise. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= read());
}

export const getHotelContact = once(() => fetchHotelContact(db()));
export const getSeoSettings = once(() => fetchSeoSettings(db()));
export const getStaticSeo = once(async () => new Map((await fetchStaticSeo(db())).map((r) => [r.page_route, r])));
export const getCategories = once(async () => toCategoryOptions(await fetchCategories(db())));
const getSectionRows = once(() => fetchSections(db()));

export const getPublicImageSizes = once(() => readPublicImageSizes());

export const getPosts = once(async () => {
  const [rows, categories, sections, blocks, sizes] = await Promise.all([
    fetchLivePosts(db()),
    getCategories(),
    getSectionRows(),
    fetchPostBlocks(db()),
    getPublicImageSizes(),
  ]);
  return Promise.all(
    rows.map(async (row) => {
      const post = toPost(row, categories, { imageSize: (src) => sizes.get(src) });
      // Uploaded images (D21): the featured image and the content's images become optimised copies.
      const where = `blog_posts ${row.id} (/blog/${row.slug}/)`;
      const featured = isUpload(post.image) ? await featuredImage(post.image, `${where} featured_image`) : null;
      return {
        ...post,
        ...(featured ? { image: featured.src, imageSrcset: featured.srcset } : {}),
        html: await optimiseBodyImages(post.html, `${where} content`),
        blocks: blocks.filter((b) => b.blog_post_id === row.id).map(toBlock),
        sections: sections.filter((s) => s.blog_post_id === row.id).map(toSection),
      };
    }),
  );
});

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
