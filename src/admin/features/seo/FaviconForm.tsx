/**
 * Favicon (spec: SEO & Favicon): the upload widget (folder `favicon`) with the spec's guidelines, which its drop area
 * repeats and its upload enforces: a square PNG or JPG (#31). Save is disabled while no URL is set. The build derives
 * the icon sizes browsers and phones ask for from the upload (32, 180, 192 and 512 px) and lists them in the web
 * manifest.
 */
import { useState } from 'react';
import type { FaviconRow } from '../../data/seo-settings/favicon-query';
import { useSeoSettingsSaveMutation } from '../../data/seo-settings/seo-settings-save-mutation';
import { Button } from '../../../components/ui/button';
import { ImageUpload } from '../../components/image-upload/ImageUpload';
import { isWebUrl } from '../../lib/validation';
import { toast } from '../../lib/toast';
import { tooLong } from '../../lib/field-schemas';

export function FaviconForm({ row, hotelName }: { row: FaviconRow | null; hotelName: string }) {
  const save = useSeoSettingsSaveMutation();
  const [url, setUrl] = useState(row?.favicon_url ?? '');
  const trimmed = url.trim();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!isWebUrl(trimmed)) {
      toast.error('Please enter a valid URL', 'Use an http(s) address or a path starting with /.');
      return;
    }
    if (trimmed.length > 2000) {
      toast.error(tooLong('The favicon URL', 2000));
      return;
    }
    try {
      await save.mutateAsync({
        loaded: row,
        // A first row needs its site name (the database's default is the seeded hotel name).
        values: row ? { favicon_url: trimmed } : { favicon_url: trimmed, site_name: hotelName },
        what: 'favicon',
      });
    } catch {
      return;
    }
    toast.success('Favicon updated successfully! The change will appear on next page refresh.');
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Favicon">
      <div className="rounded-md bg-stone-50 p-4 text-sm text-stone-800">
        <p className="font-semibold">Guidelines</p>
        <ul className="mt-1 list-disc pl-5">
          <li>Recommended size: 32×32 or 16×16 pixels (up to 512×512).</li>
          <li>Format: PNG or JPG. ICO files are not supported.</li>
          <li>Square: the same width and height. Other shapes are refused.</li>
          <li>File size: up to 10MB.</li>
        </ul>
        <p className="mt-2">
          The site makes the sizes browsers and phones ask for (32, 180, 192 and 512 pixels) from the image you upload,
          so a square PNG of 512×512 gives the sharpest icons.
        </p>
      </div>
      <ImageUpload id="favicon-url" label="Favicon" folder="favicon" value={url} onChange={setUrl} />
      {trimmed && (
        <p className="flex items-center gap-3 text-sm text-stone-700">
          <img src={trimmed} alt="" width="32" height="32" className="h-8 w-8 rounded border border-stone-300" />
          <img src={trimmed} alt="" width="16" height="16" className="h-4 w-4" />
          As a browser tab shows it, at 32 and 16 pixels.
        </p>
      )}
      <Button type="submit" disabled={!trimmed || save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Favicon'}
      </Button>
    </form>
  );
}
