import type { PostCard } from '../../lib/blog/types';
import { CARD_SIZES, STOCK_IMAGE } from './stock-image';

/** A post's card in the blog island's search results; PostCard.astro is its plain-HTML twin (same markup). */
export default function PostCardView({ post, eager = false }: { post: PostCard; eager?: boolean }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
      <img
        src={post.image ?? STOCK_IMAGE}
        srcSet={post.imageSrcset}
        sizes={post.imageSrcset ? CARD_SIZES : undefined}
        alt={post.image ? post.imageAlt : ''}
        width={1200}
        height={630}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[1200/630] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="rounded-full bg-cream-100 px-3 py-1 font-semibold text-maroon-800">
            {post.categoryLabel}
          </span>
          <span className="text-stone-700">{post.dateLabel}</span>
        </p>
        <h3 className="mt-3 text-xl font-bold">
          <a href={`/blog/${post.slug}/`} className="hover:underline">
            {post.title}
          </a>
        </h3>
        <p className="mt-1 text-sm text-stone-700">By {post.author}</p>
        <p className="mt-3 flex-1 text-stone-800">{post.excerpt}</p>
        <a
          href={`/blog/${post.slug}/`}
          className="mt-4 font-semibold text-maroon-800 hover:underline"
          aria-label={`Read More: ${post.title}`}
        >
          Read More →
        </a>
      </div>
    </article>
  );
}
