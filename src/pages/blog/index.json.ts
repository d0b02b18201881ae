import type { APIRoute } from 'astro';
import { getPosts } from '../../lib/content/site';
import { toCard } from '../../lib/content/blog';
import { toIndex } from '../../lib/blog/search';

/** /blog/index.json: every live post as a compact entry, for the blog's search and category filter. */
export const GET: APIRoute = async () => {
  const posts = await getPosts();
  return new Response(JSON.stringify(toIndex(posts.map(toCard))), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
