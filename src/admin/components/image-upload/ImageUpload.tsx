/**
 * The image upload widget (spec: reused by posts, pages and the SEO tabs): a URL field plus a file upload, an
 * optional alt text, a preview, Remove, and a click-to-upload area that also takes a dropped file. JPG, PNG, WebP
 * or GIF up to 10 MB; photos over 1 MB are downscaled in the browser first (lib/compress-image.ts). The favicon
 * (folder `favicon`) takes only a square PNG or JPG, as its guidance says (FAVICON in lib/image-rules.ts).
 *
 * Props: `value` (the URL) and `onChange(url)`; `alt` and `onAltChange` to show the alt text field (after an
 * upload without alt text it defaults to the file name); `folder` in the bucket; `label`, `id`, `hint`.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../components/ui/cn';
import { useUploadImageMutation, type UploadFolder } from '../../data/storage/upload-image-mutation';
import { ACCEPTED_TYPES, FAVICON, WIDGET_LIMIT, altFromFileName, imageFileProblem } from '../../lib/image-rules';
import { toast } from '../../lib/toast';

export function ImageUpload({
  id,
  label,
  value,
  onChange,
  alt,
  onAltChange,
  folder,
  hint,
}: {
  id?: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  alt?: string;
  onAltChange?: (alt: string) => void;
  folder: UploadFolder;
  hint?: string;
}) {
  const auto = useId();
  const base = id ?? auto;
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadImageMutation(folder);
  const [dragging, setDragging] = useState(false);
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [value]);

  const favicon = folder === 'favicon';
  const types: readonly string[] = favicon ? FAVICON.types : ACCEPTED_TYPES;

  async function take(file: File | undefined) {
    if (!file) return;
    const problem =
      imageFileProblem(file, WIDGET_LIMIT) ?? (favicon && !types.includes(file.type) ? FAVICON.notType : null);
    if (problem) {
      toast.error(problem);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    try {
      const { url } = await upload.mutateAsync(file);
      onChange(url);
      if (onAltChange && !alt?.trim()) onAltChange(altFromFileName(file.name));
      toast.success('Image uploaded successfully');
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      toast.error(message ? `Upload failed: ${message}` : 'Failed to upload image');
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  function drop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    void take(e.dataTransfer.files[0]);
  }

  const busy = upload.isPending;
  return (
    <div className="space-y-3" data-image-upload={folder}>
      <div>
        <Label htmlFor={`${base}-url`}>{label} URL</Label>
        <Input
          id={`${base}-url`}
          type="url"
          inputMode="url"
          placeholder="https://… or /images/…"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={hint ? `${base}-hint` : undefined}
        />
        {hint && (
          <p id={`${base}-hint`} className="mt-1 text-xs text-stone-600">
            {hint}
          </p>
        )}
      </div>
      {onAltChange && (
        <div>
          <Label htmlFor={`${base}-alt`}>Alt text (optional)</Label>
          <Input id={`${base}-alt`} value={alt ?? ''} onChange={(e) => onAltChange(e.target.value)} />
        </div>
      )}
      <input
        ref={fileInput}
        id={`${base}-file`}
        type="file"
        accept={types.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={`Upload ${label}`}
        onChange={(e) => void take(e.target.files?.[0])}
      />
      <button
        type="button"
        disabled={busy}
        onClick={() => fileInput.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'flex w-full flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-stone-400 p-6 text-center text-sm text-stone-700 hover:bg-stone-50 disabled:cursor-wait',
          dragging && 'border-maroon-800 bg-cream-50',
        )}
      >
        <span className="font-semibold">{busy ? 'Uploading...' : 'Click to upload or drop an image here'}</span>
        <span>{favicon ? FAVICON.accepts : 'JPG, PNG, WebP, GIF up to 10MB'}</span>
      </button>
      {value && !broken && (
        <div className="flex items-start gap-3">
          <img
            src={value}
            alt={alt || 'Preview'}
            className="max-h-40 min-w-0 rounded-md border border-stone-300 object-contain"
            onError={() => {
              setBroken(true);
              toast.error('Failed to load image');
            }}
          />
          <Button type="button" variant="secondary" size="sm" onClick={() => onChange('')}>
            Remove
          </Button>
        </div>
      )}
      {value && broken && (
        <Button type="button" variant="secondary" size="sm" onClick={() => onChange('')}>
          Remove
        </Button>
      )}
    </div>
  );
}
