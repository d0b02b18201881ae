/** The upload rules (spec §5, §7, §9): accepted files, default alt text, the 1200×630 fit and the storage path. */
import { imageDimensionsFromData } from 'image-dimensions';
import { describe, expect, it } from 'vitest';
import { blackPng } from '../helpers/png';
import {
  EDITOR_LIMIT,
  MB,
  WIDGET_LIMIT,
  altFromFileName,
  fitMaxSide,
  imageFileProblem,
  MAX_PIXELS,
  pixelsProblem,
  storagePath,
} from '../../src/admin/lib/image-rules';

describe('image files', () => {
  it('accepts images up to the limit and words each refusal as the spec does', () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: 10 * MB })).toBeNull();
    expect(imageFileProblem({ type: 'image/jpeg', size: 10 * MB + 1 })).toBe('Image size must be less than 10MB');
    expect(imageFileProblem({ type: 'image/png', size: 5 * MB + 1 }, EDITOR_LIMIT)).toBe(
      'Image size should be less than 5MB',
    );
    expect(imageFileProblem({ type: 'application/pdf', size: 10 }, WIDGET_LIMIT)).toBe('Please select an image file');
  });
  it('defaults the alt text to the file name without extension, - and _ as spaces', () => {
    expect(altFromFileName('prayer-flags_at--dawn.final.JPG')).toBe('prayer flags at dawn.final');
    expect(altFromFileName('stupa.jpg')).toBe('stupa');
  });
  it('keeps a photo large enough to cover the 1200×630 card, never enlarging it', () => {
    expect(fitMaxSide(4000, 3000)).toBe(1200); // 4:3 → 1200×900, cropped to the card without enlarging
    expect(fitMaxSide(4000, 1000)).toBe(2520); // a panorama: 2520×630, as tall as the card
    expect(fitMaxSide(3000, 4000)).toBe(1600); // portrait: 1200×1600
    expect(fitMaxSide(2400, 1260)).toBe(1200); // the card's own shape: exactly 1200×630
    expect(fitMaxSide(800, 400)).toBe(800); // already small
  });
  it('stores at {folder}/{timestamp}-{random}.{ext}, the extension from the type', () => {
    expect(storagePath('featured', { name: 'a.JPEG', type: 'image/jpeg' }, 1732000000000, 0.123456789)).toMatch(
      /^featured\/1732000000000-[a-z0-9]{1,8}\.jpg$/,
    );
    expect(storagePath('content', { name: 'x.webp', type: 'image/webp' })).toMatch(/^content\/\d+-[a-z0-9]+\.webp$/);
  });
});

describe('an image too large to optimise (#26)', () => {
  it('is refused at upload with its size, from the header alone', async () => {
    // A 20,000 × 20,000 PNG of one colour is small on disk, so the 10 MB rule does not stop it.
    const png = blackPng(20_000, 20_000);
    expect(png.length).toBeLessThan(10 * MB);
    const size = imageDimensionsFromData(new Uint8Array(png))!;
    expect(size).toMatchObject({ width: 20000, height: 20000 });
    expect(pixelsProblem(size)).toBe(
      'This image is 20,000 × 20,000 pixels, too large for the site to optimise. Please resize it to at most 16,000 pixels a side and upload it again.',
    );
    expect(pixelsProblem({ width: 16383, height: 16383 })).toBeNull();
    expect(MAX_PIXELS).toBe(16383 * 16383);
  });
});
