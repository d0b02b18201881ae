/**
 * The live preview of an unsaved post: the public post page's own article (src/components/blog/PostArticle.tsx)
 * and body components, from the page's own view model (toPost: its fallbacks, its date in Nepal time), fed the
 * form as the row it would save (previewRow). Only the photos differ: the page shows optimised copies of uploads.
 */
import PostArticle from '../../../components/blog/PostArticle';
import ContentBlocks from '../../../components/body/ContentBlocks';
import Sections from '../../../components/body/Sections';
import { toCategoryOptions, toPost } from '../../../lib/blog/post';
import type { Tables } from '../../lib/supabase';
import { previewBlocks, previewSections } from '../../components/body-editors/body-values';
import { previewRow, type BlogPostValues } from './blog-post-input-schema';

export function BlogPreview({
  values,
  categories,
}: {
  values: BlogPostValues;
  categories: Pick<Tables<'categories'>, 'name' | 'slug'>[];
}) {
  const post = toPost(previewRow(values), toCategoryOptions(categories));
  return (
    <article className="container-page max-w-3xl py-8">
      <PostArticle
        post={post}
        avatar={post.authorImage ? { src: post.authorImage } : null}
        content={{ markdown: values.content }}
      />
      <ContentBlocks blocks={previewBlocks(values.blocks)} />
      <Sections sections={previewSections(values.sections)} />
    </article>
  );
}
