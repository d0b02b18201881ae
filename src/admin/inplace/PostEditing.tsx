/**
 * A blog post, edited in place (admin spec: In-place blog post editing; D4, D13). 'Edit Content' over the post's
 * text opens the shared markdown editor with the post's markdown as stored, and a live preview under it (the
 * markdown stays markdown: nothing is turned back from HTML). Every image of the text and the featured image gets an
 * 'Edit Alt Text' button on hover or focus, opening a dialog with Cancel and Save: the featured image's alt text is
 * `alt_text`, another image's is written into its markdown. Saves check the post's updated_at against the one the
 * page was built from (D18), show the change on the page at once (D4) and ask for a rebuild.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { usePostTextQuery } from '../data/inplace/post-text-query';
import { usePostTextSaveMutation } from '../data/inplace/post-text-save-mutation';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import Markdown from '../../components/body/Markdown';
import { renderMarkdown } from '../../lib/markdown/render';
import { MarkdownEditor } from '../components/markdown-editor/MarkdownEditor';
import { toast } from '../lib/toast';
import { replaceImageAlt } from './markdown-alt';

interface Post {
  article: HTMLElement;
  id: string;
  content: HTMLElement;
  featured: HTMLImageElement | null;
}

/** The images that can have their alt text edited: the featured one (index -1) and those of the text, in order. */
function postImages(post: Post): Array<{ img: HTMLImageElement; index: number }> {
  const inText = [...post.content.querySelectorAll<HTMLImageElement>('.post-content img')];
  return [
    ...(post.featured ? [{ img: post.featured, index: -1 }] : []),
    ...inText.map((img, index) => ({ img, index })),
  ];
}

/** A hover button over an image: wraps the image in a positioned span once. */
function altButtonHost(img: HTMLImageElement): HTMLElement {
  const existing = img.parentElement?.dataset.inplaceImage !== undefined ? img.parentElement : null;
  if (existing) return existing.querySelector<HTMLElement>('[data-inplace-alt-host]')!;
  const wrap = document.createElement('span');
  wrap.dataset.inplaceImage = '';
  wrap.className = 'group relative block';
  img.replaceWith(wrap);
  wrap.append(img);
  const host = document.createElement('span');
  host.dataset.inplaceAltHost = '';
  host.className = 'absolute top-3 left-3';
  wrap.append(host);
  return host;
}

function ContentEditor({ post, builtAt, onSaved }: { post: Post; builtAt: string; onSaved: (at: string) => void }) {
  const [open, setOpen] = useState(false);
  const text = usePostTextQuery(post.id, open);
  const save = usePostTextSaveMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? text.data?.content ?? '';

  useEffect(() => {
    post.content.hidden = open;
  }, [open, post]);

  function cancel() {
    setDraft(null);
    setOpen(false);
  }

  function submit() {
    if (save.isPending || draft === null) return;
    save.mutate(
      { id: post.id, values: { content: draft }, builtAt },
      {
        onSuccess: (row) => {
          const target = post.content.querySelector('.post-content') ?? post.content;
          target.innerHTML = renderMarkdown(draft);
          onSaved(row.updated_at);
          toast.success('Content updated successfully');
          setDraft(null);
          setOpen(false);
        },
      },
    );
  }

  if (!open)
    return (
      <Button type="button" variant="secondary" className="mt-6" onClick={() => setOpen(true)}>
        Edit Content
      </Button>
    );
  return (
    <section
      aria-label="Edit the post's content"
      className="mt-6 space-y-3 rounded-md border border-maroon-800 bg-white p-3"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          cancel();
        } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          submit();
        }
      }}
    >
      {text.isPending ? (
        <p role="status">Loading blog post...</p>
      ) : text.isError ? (
        <p role="alert">Blog post not found</p>
      ) : (
        <>
          <MarkdownEditor
            id="inplace-post-content"
            label="Content"
            rows={15}
            value={value}
            onChange={setDraft}
            uploadFolder="content"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={submit} disabled={save.isPending || draft === null || !draft.trim()}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button type="button" variant="secondary" onClick={cancel} disabled={save.isPending}>
              Cancel
            </Button>
            <span className="self-center text-sm text-stone-700">Esc cancels · Ctrl+Enter saves</span>
          </div>
          <h2 className="text-sm font-semibold text-stone-700">Preview</h2>
          <div className="rounded-md border border-stone-200 px-3">
            <Markdown markdown={value} className="post-content mt-2" />
          </div>
        </>
      )}
    </section>
  );
}

function AltTextDialog({
  post,
  target,
  builtAt,
  onSaved,
  onClose,
}: {
  post: Post;
  target: { img: HTMLImageElement; index: number };
  builtAt: string;
  onSaved: (at: string) => void;
  onClose: () => void;
}) {
  const [alt, setAlt] = useState(target.img.alt);
  const needsText = target.index >= 0;
  const text = usePostTextQuery(post.id, needsText);
  const save = usePostTextSaveMutation();
  const id = useId();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    let values: { content: string } | { alt_text: string | null };
    if (needsText) {
      const content = text.data ? replaceImageAlt(text.data.content, target.index, alt) : null;
      if (content === null) {
        toast.error('Failed to update content', 'This image is no longer in the post’s text; reload the page.');
        return;
      }
      values = { content };
    } else values = { alt_text: alt.trim() || null };
    save.mutate(
      { id: post.id, values, builtAt },
      {
        onSuccess: (row) => {
          target.img.alt = alt.trim();
          onSaved(row.updated_at);
          toast.success('Content updated successfully');
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle>Edit Alt Text</DialogTitle>
        <DialogDescription>
          What the image shows, for people who cannot see it and for search engines.
        </DialogDescription>
        <form onSubmit={submit} className="mt-4 space-y-4">
          <div>
            <Label htmlFor={id}>Alt text</Label>
            <Input id={id} value={alt} autoFocus onChange={(e) => setAlt(e.target.value)} />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || (needsText && !text.data)}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function PostEditing({ article }: { article: HTMLElement }) {
  const post = useMemo<Post>(
    () => ({
      article,
      id: article.dataset.postId!,
      content: article.querySelector<HTMLElement>('[data-inplace="post-content"]')!,
      featured: article.querySelector<HTMLImageElement>('img[data-inplace="featured-image"]'),
    }),
    [article],
  );
  // The updated_at the page shows: the build's, then each save's (so a second edit does not warn of the first).
  const [builtAt, setBuiltAt] = useState(article.dataset.updatedAt ?? '');
  const onSaved = (at: string) => {
    article.dataset.updatedAt = at;
    setBuiltAt(at);
    setRound((r) => r + 1);
  };
  // The images are found again after the text is replaced.
  const [round, setRound] = useState(0);
  const images = useMemo(() => postImages(post).map((t) => ({ ...t, host: altButtonHost(t.img) })), [post, round]);
  const [altTarget, setAltTarget] = useState<{ img: HTMLImageElement; index: number } | null>(null);
  const editorHost = useRef<HTMLElement | null>(null);
  if (!editorHost.current) {
    editorHost.current = document.createElement('div');
    post.content.before(editorHost.current);
  }

  return (
    <>
      {createPortal(<ContentEditor post={post} builtAt={builtAt} onSaved={onSaved} />, editorHost.current)}
      {images.map(({ img, index, host }) =>
        createPortal(
          <Button
            type="button"
            size="sm"
            className="opacity-0 shadow group-hover:opacity-100 focus-visible:opacity-100"
            onClick={() => setAltTarget({ img, index })}
          >
            Edit Alt Text
          </Button>,
          host,
          `${round}-${index}`,
        ),
      )}
      {altTarget && (
        <AltTextDialog
          post={post}
          target={altTarget}
          builtAt={builtAt}
          onSaved={onSaved}
          onClose={() => setAltTarget(null)}
        />
      )}
    </>
  );
}
