/**
 * The build's cache of uploaded images (D21, src/lib/images/upload-cache.mjs), against a real HTTP server: copies
 * made once per upload and variant, reused without a request, and nothing cached for what cannot be converted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardBox,
  isSiteImage,
  remakeCopies,
  uploadCacheDir,
  uploadCopies,
} from '../../src/lib/images/upload-cache.mjs';
import { shipUploads } from '../../src/integrations/upload-images';
import { blackPng } from '../helpers/png';

let server: Server;
let base = '';
let cache = '';
let huge: Buffer;
const hits: string[] = [];

beforeAll(async () => {
  cache = await mkdtemp(path.join(tmpdir(), 'upload-cache-'));
  process.env.ASTRO_CACHE_DIR = cache;
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#7f1d1d' } })
    .jpeg()
    .toBuffer();
  // 20,000 × 20,000 pixels in about 50 KB: past sharp's pixel limit, so nothing can be made of it.
  huge = blackPng(20_000, 20_000);
  const small = await sharp({ create: { width: 500, height: 250, channels: 4, background: '#1e3a8a80' } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    hits.push(req.url!);
    if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else if (req.url === '/small.png') res.writeHead(200, { 'content-type': 'image/png' }).end(small);
    else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>no</p>');
    else if (req.url === '/broken.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('not a jpeg');
    else if (req.url === '/huge.png') res.writeHead(200, { 'content-type': 'image/png' }).end(huge);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  delete process.env.ASTRO_CACHE_DIR;
  await rm(cache, { recursive: true, force: true });
});

describe('copies of an upload', () => {
  it('are made once in five widths, cropped to 1200×630 for a card, proportional for a body', async () => {
    const card = await uploadCopies(`${base}/photo.jpg`, { kind: 'card' });
    expect(card).toMatchObject({ width: 1200, height: 630 });
    expect(card.files.map((f) => f.w)).toEqual([400, 640, 800, 1080, 1200]);
    const file = path.join(uploadCacheDir(), card.files[4].name);
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 630 });
    expect(await sharp(path.join(uploadCacheDir(), card.files[1].name)).metadata()).toMatchObject({
      width: 640,
      height: 336,
    });
    const body = await uploadCopies(`${base}/photo.jpg`, { kind: 'body' });
    expect(body).toMatchObject({ width: 1200, height: 800 });
    expect(hits.filter((h) => h === '/photo.jpg')).toHaveLength(2);
  });

  it('are square for an author photo, and never wider than the upload', async () => {
    const avatar = await uploadCopies(`${base}/photo.jpg`, { kind: 'avatar' });
    expect(avatar).toMatchObject({ width: 144, height: 144 });
    expect(avatar.files.map((f) => f.w)).toEqual([48, 96, 144]);
    const small = await uploadCopies(`${base}/small.png`, { kind: 'body' });
    expect(small).toMatchObject({ width: 500, height: 250 });
    expect(small.files.map((f) => f.w)).toEqual([400, 500]);
  });

  it('are square PNGs with transparency for a favicon, fitted whole, at 32, 180, 192 and 512 px', async () => {
    const icon = await uploadCopies(`${base}/small.png`, { kind: 'icon' });
    expect(icon.files.map((f) => f.w)).toEqual([32, 180, 192, 512]);
    expect(icon.files.every((f) => f.name.endsWith('.png'))).toBe(true);
    const big = path.join(uploadCacheDir(), icon.files[3].name);
    expect(await sharp(big).metadata()).toMatchObject({ format: 'png', width: 512, height: 512, hasAlpha: true });
    // The 2:1 upload is letterboxed, not cropped: the top row is transparent, the middle row is the image.
    const { data, info } = await sharp(big).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(256, 0)).toBe(0);
    expect(alphaAt(256, 256)).toBeGreaterThan(0);
  });

  it('come from the cache on a later build, without a request', async () => {
    const before = hits.length;
    const again = await uploadCopies(`${base}/photo.jpg`, { kind: 'card' });
    expect(again.files).toHaveLength(5);
    expect(hits.length).toBe(before);
  });

  it('are refused as too large to optimise past sharp’s pixel limit, so pages leave the upload out (#26)', async () => {
    const err = await uploadCopies(`${base}/huge.png`, { kind: 'body' }).catch(
      (e: Error & { tooLarge?: boolean }) => e,
    );
    expect(err).toMatchObject({ tooLarge: true, message: 'too large to optimise (more than 16,383 × 16,383 pixels)' });
  });

  it('are refused, and nothing is cached, for a missing upload, a page, or a file that is no image', async () => {
    await expect(uploadCopies(`${base}/gone.jpg`, { kind: 'body' })).rejects.toThrow('HTTP 404');
    await expect(uploadCopies(`${base}/page.html`, { kind: 'body' })).rejects.toThrow(/not an image/);
    await expect(uploadCopies(`${base}/broken.jpg`, { kind: 'body' })).rejects.toThrow();
    const manifests = (await readdir(uploadCacheDir())).filter((f) => f.endsWith('.json'));
    expect(manifests).toHaveLength(5);
  });

  it('are made again when the cache lost one, whether a page renders or a reused page ships them (#26)', async () => {
    const card = await uploadCopies(`${base}/photo.jpg`, { kind: 'card' });
    const lost = card.files[2].name;
    await rm(path.join(uploadCacheDir(), lost));
    // A page that renders asks for the copies again: made anew with one request, same names.
    const before = hits.length;
    expect((await uploadCopies(`${base}/photo.jpg`, { kind: 'card' })).files.map((f) => f.name)).toEqual(
      card.files.map((f) => f.name),
    );
    expect(hits.length).toBe(before + 1);
    expect(await readdir(uploadCacheDir())).toContain(lost);
    // A reused page only names its copies: shipping them remakes the lost one from its manifest.
    await rm(path.join(uploadCacheDir(), lost));
    const out = await mkdtemp(path.join(tmpdir(), 'ship-'));
    try {
      expect(await shipUploads(out, [lost, card.files[0].name])).toBe(2);
      expect(await readdir(path.join(out, '_uploads'))).toEqual(expect.arrayContaining([lost, card.files[0].name]));
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('fail the build once, naming them, when they cannot be made again; the next build makes them anew', async () => {
    const body = await uploadCopies(`${base}/small.png`, { kind: 'body' });
    const name = body.files[0].name;
    // A manifest written before manifests named their source: nothing to remake from.
    const manifestFile = (await readdir(uploadCacheDir())).find((f) => f === `${name.split('-')[0]}.json`)!;
    const {
      url: _url,
      kind: _kind,
      ...old
    } = JSON.parse(await readFile(path.join(uploadCacheDir(), manifestFile), 'utf8'));
    await writeFile(path.join(uploadCacheDir(), manifestFile), JSON.stringify(old));
    await rm(path.join(uploadCacheDir(), name));
    expect(await remakeCopies([name])).toEqual([name]);
    await expect(shipUploads(path.join(cache, 'out'), [name])).rejects.toThrow(/1 optimised image copies/);
    // Its manifest is gone, so the next build's render makes the copies again.
    expect(await readdir(uploadCacheDir())).not.toContain(manifestFile);
    await uploadCopies(`${base}/small.png`, { kind: 'body' });
    expect(await readdir(uploadCacheDir())).toContain(name);
  });
});

describe('cards never enlarge a photo (#31)', () => {
  it('crops a small photo to the largest card shape it covers', () => {
    expect(cardBox({ width: 4000, height: 3000 })).toEqual({ width: 1200, height: 630 });
    expect(cardBox({ width: 840, height: 630 })).toEqual({ width: 840, height: 441 });
    expect(cardBox({ width: 1200, height: 500 })).toEqual({ width: 952, height: 500 });
  });

  it('makes copies of a small upload no wider than the photo', async () => {
    const small = await sharp({ create: { width: 840, height: 630, channels: 3, background: '#44403c' } })
      .jpeg()
      .toBuffer();
    const local = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(small));
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    const card = await uploadCopies(`http://127.0.0.1:${(local.address() as AddressInfo).port}/small-840.jpg`, {
      kind: 'card',
    });
    local.close();
    expect(card).toMatchObject({ width: 840, height: 441 });
    expect(card.files.map((f) => f.w)).toEqual([400, 640, 800, 840]);
  });

  it('copies the site’s own photos (public/images/) like uploads, and nothing outside them', async () => {
    expect(isSiteImage('/images/blog/kora-dawn.jpg')).toBe(true);
    expect(isSiteImage('/images/../../etc/passwd.jpg')).toBe(false);
    expect(isSiteImage('/_astro/x.jpg')).toBe(false);
    const card = await uploadCopies('/images/blog/kora-dawn.jpg', { kind: 'card' });
    expect(card.files.map((f) => f.w)).toEqual([400, 640, 800, 1080, 1200]);
    const smallest = await sharp(path.join(uploadCacheDir(), card.files[0].name)).metadata();
    expect([smallest.width, smallest.height, smallest.format]).toEqual([400, 210, 'webp']);
  });

  it('makes a share image’s social card a JPEG on white: a transparent logo is not shared on black (#28)', async () => {
    const logo = await sharp({
      create: { width: 1200, height: 630, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const local = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(logo));
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    const card = await uploadCopies(`http://127.0.0.1:${(local.address() as AddressInfo).port}/logo.png`, {
      kind: 'social',
    });
    local.close();
    expect(card.files.map((f) => f.name)).toEqual([expect.stringMatching(/-1200\.jpg$/)]);
    const { data, info } = await sharp(path.join(uploadCacheDir(), card.files[0].name))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 630]);
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });
});
