/**
 * Uploaded images in the built site (D21): a post whose featured image, author photo and a content image are
 * Storage uploads (seeded by tests/e2e/uploads.ts before the build). Guests get the build's WebP copies with
 * srcset, width and height, the featured image first and eager, the rest lazy, and never request an original.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { UPLOAD_ALT, UPLOAD_POST } from './uploads';
import { e2eStack } from '../helpers/env';

const STORAGE = '/storage/v1/object/public/';
const dist = () => e2eStack().dist;
const imgTags = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const postHtml = () => readFile(path.join(dist(), 'blog', UPLOAD_POST, 'index.html'), 'utf8');

/** Every file a tag's src and srcset name. */
const files = (tag: string) => [
  attr(tag, 'src')!,
  ...(attr(tag, 'srcset') ?? '')
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0])
    .filter(Boolean),
];

test('the post page shows only optimised copies of its uploads, each with srcset, width and height', async () => {
  const html = await postHtml();
  const tags = imgTags(html);
  expect(tags.filter((t) => t.includes(STORAGE))).toEqual([]);
  expect(tags.filter((t) => !/\swidth="\d+"/.test(t) || !/\sheight="\d+"/.test(t))).toEqual([]);

  // The featured image: the largest-contentful element, eager and first in line.
  const hero = tags.find((t) => attr(t, 'alt') === UPLOAD_ALT)!;
  expect(hero, 'the featured image').toBeTruthy();
  expect(attr(hero, 'fetchpriority')).toBe('high');
  expect(attr(hero, 'loading') ?? 'eager').toBe('eager');
  expect(attr(hero, 'srcset')).toMatch(
    /^\/_uploads\/\S+\.webp 400w, (\/_uploads\/\S+\.webp \d+w, ){3}\/_uploads\/\S+ 1200w$/,
  );
  expect([attr(hero, 'width'), attr(hero, 'height')]).toEqual(['1200', '630']);
  expect(attr(hero, 'sizes')).toContain('720px');

  // The image in the content: its own proportions (1600×1000 → 1200×750), lazy, alt text kept.
  const inline = tags.find((t) => attr(t, 'alt') === 'A taxi rank outside the airport, uploaded')!;
  expect(inline, 'the content image').toBeTruthy();
  expect([attr(inline, 'width'), attr(inline, 'height'), attr(inline, 'loading')]).toEqual(['1200', '750', 'lazy']);
  expect(attr(inline, 'src')).toMatch(/^\/_uploads\/\S+\.webp$/);

  // The author's photo: square copies for a 48 px avatar.
  const avatar = tags.find((t) => /\/_uploads\/\S+ 48w/.test(attr(t, 'srcset') ?? ''))!;
  expect(avatar, 'the author photo').toBeTruthy();
  expect([attr(avatar, 'width'), attr(avatar, 'height'), attr(avatar, 'sizes')]).toEqual(['48', '48', '48px']);

  // Every copy named is in the build, and nothing else of the page's images points at a file that is not.
  for (const tag of [hero, inline, avatar])
    for (const file of files(tag)) expect(existsSync(path.join(dist(), file)), file).toBe(true);
});

test('no built page or island data refers guests to a Storage original', async () => {
  const all = (await readdir(dist(), { recursive: true })).map(String);
  const pages = all.filter((f) => f.endsWith('.html'));
  const offenders: string[] = [];
  for (const f of pages) {
    for (const tag of imgTags(await readFile(path.join(dist(), f), 'utf8')))
      if (tag.includes(STORAGE)) offenders.push(`${f}: ${tag}`);
  }
  expect(offenders).toEqual([]);
  // The blog island's search results render cards from this file.
  expect(await readFile(path.join(dist(), 'blog', 'index.json'), 'utf8')).not.toContain(STORAGE);
  // The blog index's card of the post: the card copies, with the grid's sizes.
  const index = await readFile(path.join(dist(), 'blog', 'index.html'), 'utf8');
  const card = imgTags(index).find((t) => attr(t, 'alt') === UPLOAD_ALT)!;
  expect(card, 'the card on /blog/').toBeTruthy();
  expect(attr(card, 'src')).toMatch(/^\/_uploads\/\S+\.webp$/);
  expect(attr(card, 'sizes')).toMatch(/347px/);
});

async function imageRequests(page: Page) {
  const requests: Array<{ url: string; type: string; bytes: number }> = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'image') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    requests.push({ url: res.url(), type: res.headers()['content-type'] ?? '', bytes: body.length });
  });
  await page.goto(`/blog/${UPLOAD_POST}/`);
  // Lazy images load once near the viewport: scroll through the page.
  for (let y = 0; y < 20 && (await page.evaluate(() => scrollY + innerHeight < document.body.scrollHeight)); y++) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState('networkidle');
  return requests;
}

test('a guest on a desktop downloads the WebP copies, never an original', async ({ page }) => {
  const requests = await imageRequests(page);
  expect(requests.filter((r) => r.url.includes(STORAGE))).toEqual([]);
  const uploads = requests.filter((r) => r.url.includes('/_uploads/'));
  expect(uploads.length).toBeGreaterThanOrEqual(3);
  for (const r of uploads) expect(r.type, r.url).toBe('image/webp');
});

test('a guest on a phone downloads a copy sized for the phone, never an original @phone', async ({ page }) => {
  const requests = await imageRequests(page);
  expect(requests.filter((r) => r.url.includes(STORAGE))).toEqual([]);
  const hero = await page.getByRole('img', { name: UPLOAD_ALT }).evaluate((i: HTMLImageElement) => i.currentSrc);
  // Pixel 7: 412 CSS px at DPR 2.625, the image 380 CSS px wide (998 px): the 1080 copy, not the 1200 one.
  expect(hero).toMatch(/-1080\.webp$/);
  const bytes = requests.filter((r) => r.url.includes('/_uploads/')).reduce((n, r) => n + r.bytes, 0);
  expect(bytes).toBeGreaterThan(0);
});

test('the blog’s cards show copies of the site’s own photos too: no full-size JPEG on a phone (#31)', async () => {
  // The seeded posts' photos are public/images/blog/*.jpg, 1200×630: every card of them (the blog index, the
  // related articles under a post) gets the WebP copies and a srcset, so a phone takes a 400 or 640 px copy.
  const index = await readFile(path.join(dist(), 'blog', 'index.html'), 'utf8');
  const cards = imgTags(index).filter((t) => /aspect-\[1200\/630\]/.test(t));
  expect(cards.length).toBeGreaterThan(2);
  for (const card of cards) {
    expect(attr(card, 'src'), card).not.toMatch(/^\/images\/blog\/(?!default\.jpg)/);
    if (attr(card, 'src') !== '/images/blog/default.jpg') {
      expect(attr(card, 'srcset'), card).toMatch(/^\/_uploads\/\S+\.webp 400w, /);
    }
  }
  for (const file of cards.flatMap(files).filter((f) => f.startsWith('/_uploads/'))) {
    expect(existsSync(path.join(dist(), file)), file).toBe(true);
  }
});

test('a post’s social card is a 1200×630 JPEG copy, in og:image, twitter:image and the JSON-LD, never the upload (#28)', async () => {
  const html = await postHtml();
  const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]+)"`).exec(html)?.[1];
  const og = meta('og:image')!;
  expect(og, 'og:image').toMatch(/^https?:\/\/[^/]+\/_uploads\/[0-9a-f]+-\d+\.jpg$/);
  expect(meta('twitter:image')).toBe(og);
  expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630']);
  const posting = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]))
    .find((d) => d['@type'] === 'BlogPosting');
  expect(posting?.image).toBe(og);
  const file = path.join(dist(), new URL(og).pathname);
  const card = await sharp(file).metadata();
  expect([card.format, card.width, card.height]).toEqual(['jpeg', 1200, 630]);
  expect(card.size ?? (await readFile(file)).length).toBeLessThan(300 * 1024);
  expect(html).not.toContain(STORAGE);
});
