import Markdown from '../body/Markdown';
import { ARTICLE_SIZES } from '../../lib/images/sizes';
import { POST_MARKDOWN, authorInitials, type Post } from '../../lib/blog/post';

/** The author's photo as the page shows it: its 48 px copies when it is an upload (D21), else the address as given. */
export interface Avatar {
  src: string;
  srcset?: string;
  sizes?: string;
}

export interface PostArticleProps {
  post: Pick<
    Post,
    'title' | 'categoryLabel' | 'author' | 'authorRole' | 'dateIso' | 'dateLabel' | 'image' | 'imageSrcset' | 'imageAlt'
  >;
  /** The author's photo; null shows the initials. */
  avatar: Avatar | null;
  /** The post's text: its markdown (the admin's live preview) or the HTML the build rendered from it. */
  content: { markdown: string } | { html: string };
}

/**
 * A post's article (#27): category, title, byline, featured image and text, one component for the public post
 * page (src/pages/blog/[slug].astro renders it to static HTML) and the admin's live preview (rendered live), so
 * the two cannot differ. The page adds what only guests need around it (back link, share links, related posts).
 */
export default function PostArticle({ post, avatar, content }: PostArticleProps) {
  return (
    <>
      <p className="mt-6">
        <span className="rounded-full bg-cream-100 px-3 py-1 text-sm font-semibold text-maroon-800">
          {post.categoryLabel}
        </span>
      </p>
      <h1 className="mt-4 text-4xl leading-tight font-bold sm:text-5xl">{post.title}</h1>
      <div className="mt-6 flex items-center gap-4">
        {avatar ? (
          <img
            src={avatar.src}
            srcSet={avatar.srcset}
            sizes={avatar.sizes}
            alt=""
            width="48"
            height="48"
            className="h-12 w-12 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-12 w-12 items-center justify-center rounded-full bg-maroon-800 font-bold text-white"
          >
            {authorInitials(post.author)}
          </span>
        )}
        <div>
          <p className="font-semibold">{post.author}</p>
          <p className="text-sm text-stone-700">
            {post.authorRole} · <time dateTime={post.dateIso}>{post.dateLabel}</time>
          </p>
        </div>
      </div>
      {post.image && (
        <img
          src={post.image}
          srcSet={post.imageSrcset}
          sizes={post.imageSrcset ? ARTICLE_SIZES : undefined}
          alt={post.imageAlt}
          width="1200"
          height="630"
          fetchPriority="high"
          className="mt-8 aspect-[1200/630] w-full rounded-2xl object-cover"
          data-inplace="featured-image"
        />
      )}
      <div data-inplace="post-content">
        {'html' in content ? (
          <Markdown html={content.html} />
        ) : (
          <Markdown markdown={content.markdown} options={POST_MARKDOWN} />
        )}
      </div>
    </>
  );
}
