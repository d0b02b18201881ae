/**
 * The markdown editor (spec: Content tab; shared by posts and pages): a textarea of 15 or 20 rows with a toolbar
 * for bold, italic, underline, headings 1-6, bullet and numbered lists, link (text, URL, optional no-follow),
 * image (source, alt) and image upload (image files up to 5 MB, inserted where the cursor is). Ctrl/Cmd+B, +I and
 * +K as in any editor. Edits go through the browser's own insertText, so Ctrl/Cmd+Z undoes a toolbar action too.
 *
 * Props: `value`, `onChange(value)`, `id`, `label`, `rows` (15 or 20, default 20), `uploadFolder` (default
 * 'content'), `disabled`.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { SwitchField } from '../fields';
import { useUploadImageMutation, type UploadFolder } from '../../data/storage/upload-image-mutation';
import { ACCEPTED_TYPES, EDITOR_LIMIT, altFromFileName, imageFileProblem } from '../../lib/image-rules';
import { toast } from '../../lib/toast';
import {
  bold,
  bulletList,
  heading,
  insertImage,
  insertLink,
  italic,
  numberedList,
  underline,
  type CommandResult,
  type TextState,
} from './markdown-commands';

type Command = (s: TextState) => CommandResult;

/** Writes `next` into the textarea through insertText (undoable), touching only the part that changed. */
function apply(el: HTMLTextAreaElement, next: TextState, onChange: (v: string) => void) {
  const old = el.value;
  let start = 0;
  while (start < old.length && start < next.value.length && old[start] === next.value[start]) start++;
  let endOld = old.length;
  let endNew = next.value.length;
  while (endOld > start && endNew > start && old[endOld - 1] === next.value[endNew - 1]) {
    endOld--;
    endNew--;
  }
  el.focus();
  el.setSelectionRange(start, endOld);
  const inserted = next.value.slice(start, endNew);
  // execCommand is deprecated but is still the only way to edit a textarea that the browser's undo stack records.
  const done = inserted ? document.execCommand('insertText', false, inserted) : document.execCommand('delete');
  if (!done || el.value !== next.value) onChange(next.value);
  requestAnimationFrame(() => el.setSelectionRange(next.selectionStart, next.selectionEnd));
}

export function MarkdownEditor({
  id,
  label,
  value,
  onChange,
  rows = 20,
  uploadFolder = 'content',
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: 15 | 20;
  uploadFolder?: UploadFolder;
  disabled?: boolean;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadImageMutation(uploadFolder);
  const [dialog, setDialog] = useState<null | 'link' | 'image'>(null);
  const [link, setLink] = useState({ text: '', url: '', nofollow: false });
  const [image, setImage] = useState({ src: '', alt: '' });
  const [saved, setSaved] = useState<TextState | null>(null);

  const state = (): TextState => {
    const el = area.current!;
    return { value: el.value, selectionStart: el.selectionStart, selectionEnd: el.selectionEnd };
  };
  function run(command: Command, from: TextState = state()) {
    const result = command(from);
    if ('error' in result) {
      toast.error(result.error);
      return false;
    }
    apply(area.current!, result, onChange);
    return true;
  }
  function openLink() {
    const s = state();
    setSaved(s);
    setLink({ text: s.value.slice(s.selectionStart, s.selectionEnd), url: '', nofollow: false });
    setDialog('link');
  }
  function openImage() {
    setSaved(state());
    setImage({ src: '', alt: '' });
    setDialog('image');
  }
  async function uploadFile(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file, EDITOR_LIMIT);
    if (problem) {
      toast.error(problem);
      return;
    }
    const at = state();
    try {
      const { url } = await upload.mutateAsync(file);
      if (run((s) => insertImage(s, { src: url, alt: altFromFileName(file.name) }), at))
        toast.success('Image uploaded and inserted');
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      toast.error(message ? `Upload failed: ${message}` : 'Failed to upload image');
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  }
  function keys(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const k = e.key.toLowerCase();
    if (k === 'b' || k === 'i' || k === 'k') e.preventDefault();
    if (k === 'b') run(bold);
    else if (k === 'i') run(italic);
    else if (k === 'k') openLink();
  }

  const tool = (name: string, text: string, onClick: () => void, title = name) => (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-label={name}
      title={title}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {text}
    </Button>
  );

  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        aria-controls={id}
        className="mt-1 flex flex-wrap items-center gap-1 rounded-t-md border border-b-0 border-stone-400 bg-stone-50 p-1"
      >
        {tool('Bold', 'B', () => run(bold), 'Bold (Ctrl+B)')}
        {tool('Italic', 'I', () => run(italic), 'Italic (Ctrl+I)')}
        {tool('Underline', 'U', () => run(underline))}
        <span aria-hidden="true" className="mx-1 h-5 w-px bg-stone-300" />
        {/* Each accessible name holds the visible text (WCAG 2.5.3, Label in Name). */}
        {[1, 2, 3, 4, 5, 6].map((n) => tool(`H${n} heading`, `H${n}`, () => run((s) => heading(s, n)), `Heading ${n}`))}
        <span aria-hidden="true" className="mx-1 h-5 w-px bg-stone-300" />
        {tool('Bullet list', 'Bullet list', () => run(bulletList))}
        {tool('Numbered list', 'Numbered list', () => run(numberedList))}
        <span aria-hidden="true" className="mx-1 h-5 w-px bg-stone-300" />
        {tool('Insert link', 'Link', openLink, 'Insert link (Ctrl+K)')}
        {tool('Insert image', 'Image', openImage)}
        {tool(
          'Upload image',
          upload.isPending ? 'Uploading...' : 'Upload',
          () => fileInput.current?.click(),
          'Upload an image (up to 5MB) and insert it',
        )}
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label={`Upload an image into ${label}`}
          onChange={(e) => void uploadFile(e.target.files?.[0])}
        />
      </div>
      <Textarea
        ref={area}
        id={id}
        rows={rows}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={keys}
        spellCheck
        className="rounded-t-none font-mono text-sm leading-relaxed"
      />

      <Dialog open={dialog === 'link'} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent>
          <DialogTitle>Insert link</DialogTitle>
          <DialogDescription>The link replaces the selected text.</DialogDescription>
          <form
            className="mt-4 space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              e.stopPropagation();
              if (run((s) => insertLink(s, link), saved ?? undefined)) setDialog(null);
            }}
          >
            <div>
              <Label htmlFor={`${id}-link-text`}>Link text</Label>
              <Input
                id={`${id}-link-text`}
                value={link.text}
                onChange={(e) => setLink({ ...link, text: e.target.value })}
              />
            </div>
            <div>
              <Label htmlFor={`${id}-link-url`}>URL</Label>
              {/* Text, not type="url": that refuses a page of the site by its path (/contact/), which is what staff link most. */}
              <Input
                id={`${id}-link-url`}
                type="text"
                inputMode="url"
                placeholder="https://… or /contact/"
                value={link.url}
                onChange={(e) => setLink({ ...link, url: e.target.value })}
              />
            </div>
            <SwitchField
              label='No-follow (rel="nofollow": search engines do not follow it)'
              checked={link.nofollow}
              onCheckedChange={(nofollow) => setLink({ ...link, nofollow })}
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button type="submit">Insert Link</Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={dialog === 'image'} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent>
          <DialogTitle>Insert image</DialogTitle>
          <DialogDescription>An image by its address, inserted at the cursor.</DialogDescription>
          <form
            className="mt-4 space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              e.stopPropagation();
              if (run((s) => insertImage(s, image), saved ?? undefined)) setDialog(null);
            }}
          >
            <div>
              <Label htmlFor={`${id}-image-src`}>Image URL</Label>
              <Input
                id={`${id}-image-src`}
                type="text"
                inputMode="url"
                value={image.src}
                onChange={(e) => setImage({ ...image, src: e.target.value })}
              />
            </div>
            <div>
              <Label htmlFor={`${id}-image-alt`}>Alt text</Label>
              <Input
                id={`${id}-image-alt`}
                value={image.alt}
                onChange={(e) => setImage({ ...image, alt: e.target.value })}
              />
            </div>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button type="submit">Insert Image</Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
