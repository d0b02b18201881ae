/**
 * Content Blocks editor (spec: Content Blocks editor): add text, heading (level 1-6), image (the shared upload
 * widget: url, alt, caption) and quote (text, author) blocks; edit; move up/down (the list position is the sort
 * order, renumbered on save); switch a block off; delete. Video and gallery blocks have no editor: they are kept
 * as they are. 'Save Content Blocks' saves the whole item (D24: one transaction) through `onSave`.
 */
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { SwitchField } from '../fields';
import { ImageUpload } from '../image-upload/ImageUpload';
import { BLOCK_TYPES, BLOCK_TYPE_LABEL, move, newBlock, type BlockValue, type EditableBlockType } from './body-values';

function Field({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  );
}

function BlockFields({ block, onChange }: { block: BlockValue; onChange: (content: BlockValue['content']) => void }) {
  const c = block.content;
  // The content with every change so far, render or not: an upload sets the address and then, in the same tick,
  // the alt text; each change built on the rendered content would undo the one before (#31: the address was lost).
  const latest = useRef(c);
  latest.current = c;
  const text = (key: string) => (typeof c[key] === 'string' ? (c[key] as string) : '');
  const set = (key: string, value: string | number) => {
    latest.current = { ...latest.current, [key]: value };
    onChange(latest.current);
  };
  switch (block.block_type) {
    case 'text':
      return (
        <Field label="Text">
          {(id) => <Textarea id={id} rows={4} value={text('text')} onChange={(e) => set('text', e.target.value)} />}
        </Field>
      );
    case 'heading':
      return (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <Field label="Heading text">
            {(id) => <Input id={id} value={text('text')} onChange={(e) => set('text', e.target.value)} />}
          </Field>
          <Field label="Level">
            {(id) => (
              <NativeSelect id={id} value={String(c.level ?? 2)} onChange={(e) => set('level', Number(e.target.value))}>
                {[1, 2, 3, 4, 5, 6].map((n) => (
                  <option key={n} value={n}>
                    H{n}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
      );
    case 'image':
      return (
        <div className="grid gap-3">
          <ImageUpload
            id={`block-${block.key}-image`}
            label="Image"
            folder="content"
            value={text('url')}
            onChange={(url) => set('url', url)}
            alt={text('alt')}
            onAltChange={(alt) => set('alt', alt)}
          />
          <Field label="Caption">
            {(id) => <Input id={id} value={text('caption')} onChange={(e) => set('caption', e.target.value)} />}
          </Field>
        </div>
      );
    case 'quote':
      return (
        <div className="grid gap-3">
          <Field label="Quote">
            {(id) => <Textarea id={id} rows={3} value={text('text')} onChange={(e) => set('text', e.target.value)} />}
          </Field>
          <Field label="Author">
            {(id) => <Input id={id} value={text('author')} onChange={(e) => set('author', e.target.value)} />}
          </Field>
        </div>
      );
    default:
      return (
        <p className="text-sm text-stone-700">
          This {BLOCK_TYPE_LABEL[block.block_type] ?? block.block_type} block has no editor here; it is kept as it is.
        </p>
      );
  }
}

export function BlocksEditor({
  value,
  onChange,
  onSave,
  saving,
}: {
  value: BlockValue[];
  onChange: (blocks: BlockValue[]) => void;
  onSave: () => void;
  saving: boolean;
}) {
  const [type, setType] = useState<EditableBlockType>('text');
  const typeId = useId();
  const update = (i: number, patch: Partial<BlockValue>) =>
    onChange(value.map((b, j) => (j === i ? { ...b, ...patch } : b)));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor={typeId}>Block type</Label>
          <NativeSelect id={typeId} value={type} onChange={(e) => setType(e.target.value as EditableBlockType)}>
            {BLOCK_TYPES.map((t) => (
              <option key={t} value={t}>
                {BLOCK_TYPE_LABEL[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="button" variant="secondary" onClick={() => onChange([...value, newBlock(type)])}>
          Add Block
        </Button>
        <Button type="button" className="ml-auto" disabled={saving} onClick={onSave}>
          {saving ? 'Saving...' : 'Save Content Blocks'}
        </Button>
      </div>
      {value.length === 0 && <p className="text-sm text-stone-700">No content blocks yet. Add one above.</p>}
      <ol className="space-y-4">
        {value.map((b, i) => (
          <li
            key={b.key}
            className="rounded-md border border-stone-300 p-4"
            aria-label={`Block ${i + 1}: ${BLOCK_TYPE_LABEL[b.block_type] ?? b.block_type}`}
          >
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <span className="font-semibold">
                {i + 1}. {BLOCK_TYPE_LABEL[b.block_type] ?? b.block_type}
              </span>
              <span className="ml-auto flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={i === 0}
                  aria-label={`Move block ${i + 1} up`}
                  onClick={() => onChange(move(value, i, -1))}
                >
                  ↑ Up
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={i === value.length - 1}
                  aria-label={`Move block ${i + 1} down`}
                  onClick={() => onChange(move(value, i, 1))}
                >
                  ↓ Down
                </Button>
                <Button
                  type="button"
                  variant="danger"
                  size="sm"
                  aria-label={`Delete block ${i + 1}`}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  Delete
                </Button>
              </span>
            </div>
            <BlockFields block={b} onChange={(content) => update(i, { content })} />
            <div className="mt-3">
              <SwitchField
                label="Shown on the page"
                checked={b.is_active}
                onCheckedChange={(is_active) => update(i, { is_active })}
              />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
