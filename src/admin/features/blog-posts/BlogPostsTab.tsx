/**
 * Blog Posts (spec: Blog Posts Management): the editor (create mode at #blog, a post at #blog/<id>) with its live
 * preview, the sample loader and the puja guide action, and the post list with edit and delete.
 */
import { useEffect, useRef, useState } from 'react';
import type { TabProps } from '../../AdminApp';
import { useBlogPostsQuery } from '../../data/blog-posts/blog-posts-query';
import { useBlogPostQuery } from '../../data/blog-posts/blog-post-query';
import { useBlogPostDeleteMutation } from '../../data/blog-posts/blog-post-delete-mutation';
import { useBlogPostCreateMutation, useBlogSamplesMutation } from '../../data/blog-posts/blog-samples-mutation';
import { useCategoriesQuery } from '../../data/categories/categories-query';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { formatHash } from '../../lib/hash-route';
import { toast } from '../../lib/toast';
import { BlogPostEditor } from './BlogPostEditor';
import type { EditorTab } from './blog-post-editor-tabs';
import { PostList } from './PostList';
import { PUJA_POST, SAMPLE_POSTS } from './sample-posts';

const go = (item?: string) => {
  window.location.hash = formatHash({ tab: 'blog', item });
};

export default function BlogPostsTab({ item }: TabProps) {
  const id = item && item !== 'new' ? item : undefined;
  const posts = useBlogPostsQuery();
  const detail = useBlogPostQuery(id);
  const categories = useCategoriesQuery();
  const remove = useBlogPostDeleteMutation();
  const samples = useBlogSamplesMutation();
  const puja = useBlogPostCreateMutation();
  const [samplesDone, setSamplesDone] = useState(false);
  const [tab, setTab] = useState<EditorTab>('content');

  // An id that is no post (deleted, or a stale link): say so and go back to create mode.
  useEffect(() => {
    if (id && detail.isSuccess && detail.data === null) {
      toast.error('Blog post not found');
      history.replaceState(history.state, '', formatHash({ tab: 'blog' }));
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    }
  }, [id, detail.isSuccess, detail.data]);

  // Opening another post (Edit in the list, below the editor) brings the editor into view.
  const editorTop = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (id) editorTop.current?.scrollIntoView({ block: 'start' });
  }, [id]);

  function loadSamples() {
    samples.mutate(SAMPLE_POSTS, {
      onSuccess: (result) => {
        setSamplesDone(true);
        if (result === 'exists') toast.info('Sample content already exists in the database');
        else toast.success('Sample blog posts loaded successfully!');
      },
    });
  }

  const editing = id ? detail.data : null;
  const ready = !id || detail.isSuccess;
  return (
    <div className="space-y-6" ref={editorTop}>
      <Panel
        title={editing ? `Edit Blog Post: ${editing.post.title}` : 'Create New Blog Post'}
        actions={
          <div className="flex flex-wrap gap-2">
            {id && (
              <Button variant="secondary" onClick={() => go()}>
                Add New Post
              </Button>
            )}
            <Button variant="secondary" disabled={samplesDone || samples.isPending} onClick={loadSamples}>
              {samples.isPending ? 'Loading...' : 'Load Sample Posts'}
            </Button>
            <Button
              variant="secondary"
              disabled={puja.isPending}
              onClick={() =>
                puja.mutate(PUJA_POST, { onSuccess: () => toast.success('Puja blog post created successfully!') })
              }
            >
              Create Puja Guide Post
            </Button>
          </div>
        }
      >
        {!ready || categories.isPending ? (
          <Spinner />
        ) : (
          <BlogPostEditor
            key={editing ? `${editing.post.id}@${editing.post.updated_at}` : 'new'}
            detail={editing ?? null}
            categories={categories.data ?? []}
            tab={tab}
            onTab={setTab}
            onSaved={(saved, created) => {
              if (created) go(saved.id);
            }}
            onCancel={() => {
              setTab('content');
              go();
            }}
          />
        )}
      </Panel>
      <Panel title={`All Blog Posts (${posts.data?.length ?? 0})`}>
        <QueryState
          query={posts}
          what="blog posts"
          empty={<p className="text-stone-700">No blog posts yet. Write one above, or load the sample posts.</p>}
        >
          {(rows) => (
            <PostList
              posts={rows}
              openId={id}
              onDelete={(p) =>
                remove.mutate(p, {
                  onSuccess: () => {
                    toast.success('Blog post deleted successfully');
                    if (p.id === id) go();
                  },
                })
              }
            />
          )}
        </QueryState>
      </Panel>
    </div>
  );
}
