/**
 * The cafe page's text blocks, edited in place (admin spec: Cafe page in-place editing; D4): each block
 * (`data-inplace="cafe-block"`, with its id, alignment and the updated_at it was built from) opens on click, or
 * through its 'Edit text' button, into a textarea that grows with the text; Save ('Saving...'), Cancel (the text
 * reverts), Delete (after a confirmation). Escape cancels, Ctrl/Cmd+Enter saves. The page shows the saved text at
 * once; the rebuild follows (StaffBar).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useCafeBlockSaveMutation } from '../data/inplace/cafe-block-save-mutation';
import { useCafeBlockDeleteMutation } from '../data/inplace/cafe-block-delete-mutation';
import { Button } from '../../components/ui/button';
import { Confirm } from '../components/Confirm';
import { toast } from '../lib/toast';
import { CAFE_SECTIONS } from '../../data/cafe';

interface Block {
  el: HTMLElement;
  host: HTMLElement;
  id: string;
  alignment: string;
  /** The section the block fills (src/data/cafe.ts, #31), kept with every save. */
  section?: string;
}

function Editor({ block, onDone }: { block: Block; onDone: () => void }) {
  const save = useCafeBlockSaveMutation();
  const remove = useCafeBlockDeleteMutation();
  const [text, setText] = useState(block.el.textContent?.trim() ?? '');
  const id = useId();
  const busy = save.isPending || remove.isPending;
  const builtAt = block.el.dataset.updatedAt ?? '';
  const section = CAFE_SECTIONS.find((s) => s.key === block.section);

  function submit() {
    if (busy || !text.trim()) return;
    save.mutate(
      { id: block.id, text: text.trim(), alignment: block.alignment, section: block.section, builtAt },
      {
        onSuccess: (row) => {
          block.el.textContent = text.trim();
          if (row?.updated_at) block.el.dataset.updatedAt = row.updated_at;
          toast.success('Content updated', 'Your text has been saved successfully.');
          onDone();
        },
      },
    );
  }

  return (
    <div
      className="mt-3 space-y-3 rounded-md border border-maroon-800 bg-white p-3 text-left text-stone-900"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone();
        } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          submit();
        }
      }}
    >
      <label htmlFor={id} className="block text-sm font-semibold">
        Text
      </label>
      <textarea
        id={id}
        autoFocus
        value={text}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        className="block min-h-24 w-full rounded-md border border-stone-400 px-3 py-2 text-lg [field-sizing:content]"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={submit} disabled={busy || !text.trim()}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Confirm
          title="Delete this text block?"
          description={
            section
              ? `Guests will see the standard text under “${section.heading}” instead: “${section.fallback}” This cannot be undone.`
              : 'The text is removed from the cafe page after the next build. This cannot be undone.'
          }
          onConfirm={() =>
            remove.mutate(
              { id: block.id, builtAt },
              {
                onSuccess: () => {
                  // What guests will see after the rebuild: the section's standard text, no longer editable.
                  if (section) {
                    block.el.textContent = section.fallback;
                    for (const a of ['data-inplace', 'data-block-id', 'data-updated-at', 'title'])
                      block.el.removeAttribute(a);
                  } else block.el.remove();
                  toast.success('Content deleted', 'The text block has been removed.');
                  onDone();
                },
              },
            )
          }
          trigger={
            <Button type="button" variant="danger" disabled={busy}>
              Delete
            </Button>
          }
        />
        <span className="self-center text-sm text-stone-700">Esc cancels · Ctrl+Enter saves</span>
      </div>
    </div>
  );
}

export function CafeBlocks() {
  const blocks = useMemo<Block[]>(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-inplace="cafe-block"]')].map((el) => {
        const host = document.createElement('div');
        el.after(host);
        return {
          el,
          host,
          id: el.dataset.blockId!,
          alignment: el.dataset.alignment || 'left',
          section: el.dataset.section,
        };
      }),
    [],
  );
  const [editing, setEditing] = useState<string | null>(null);

  useEffect(() => {
    const cleanups = blocks.map((b) => {
      // A deleted block shows its section's standard text and is no longer editable.
      const open = () => b.el.dataset.blockId && setEditing(b.id);
      b.el.addEventListener('click', open);
      b.el.classList.add('cursor-text', 'rounded', 'hover:outline-2', 'hover:outline-dashed', 'hover:outline-gold-400');
      b.el.title = 'Click to edit';
      return () => b.el.removeEventListener('click', open);
    });
    return () => cleanups.forEach((c) => c());
  }, [blocks]);

  useEffect(() => {
    for (const b of blocks) b.el.hidden = b.id === editing;
  }, [blocks, editing]);

  return (
    <>
      {blocks.map((b) =>
        createPortal(
          editing === b.id ? (
            <Editor
              block={b}
              onDone={() => {
                setEditing(null);
                if (b.el.isConnected) b.el.focus();
              }}
            />
          ) : b.el.isConnected && b.el.dataset.blockId ? (
            <Button type="button" size="sm" variant="secondary" className="mt-2" onClick={() => setEditing(b.id)}>
              Edit text
            </Button>
          ) : null,
          b.host,
          b.id,
        ),
      )}
    </>
  );
}
