/**
 * The blog-images bucket through supabase-js, as the admin's image upload uses it: admin uploads to
 * featured/{timestamp}-{random}.jpg, public URLs serve the same bytes with the stored type and cache control,
 * and the bucket's rules (admins only, images only, 10 MB, no duplicates, safe keys) hold. What is stored is
 * checked in storage.objects and on disk, not only in what the API answers.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, dbClient, signedInClient, stackInfo, type Client } from '../helpers/supabase';

const BUCKET = 'blog-images';
/** A real 2x2 baseline JPEG (268 bytes). */
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKQAI2f/2Q==',
  'base64',
);
/** Another real JPEG (3x3, another colour), for replacing an object. */
const JPEG_2 = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAADAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCMAXwZ/9k=',
  'base64',
);

const jpegBlob = (bytes: Buffer = JPEG) => new Blob([Uint8Array.from(bytes)], { type: 'image/jpeg' });
/** The key the admin's upload form makes: featured/{timestamp}-{random}.jpg */
const featuredPath = () => `featured/${Date.now()}-${randomUUID().slice(0, 8)}.jpg`;
const uploadOptions = { cacheControl: '3600', upsert: false };

const db = dbClient();
let admin: Client;

beforeAll(async () => {
  await db.connect();
  admin = (await signedInClient('admin')).client;
});
afterAll(() => db.end());

async function storedObjects(namePattern: string) {
  const { rows } = await db.query<{ name: string; metadata: Record<string, unknown> }>(
    'select name, metadata from storage.objects where bucket_id = $1 and name like $2',
    [BUCKET, namePattern],
  );
  return rows;
}

/** Every file name under the stack's data dir (stored objects live in <dataDir>/storage/<bucket>/<key>). */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const storedFile = (key: string) => path.join(stackInfo().dataDir, 'storage', BUCKET, key);
const publicUrl = (key: string) => anonClient().storage.from(BUCKET).getPublicUrl(key).data.publicUrl;

describe('storage: the blog-images bucket', () => {
  it('lets an admin upload a JPEG to featured/{timestamp}-{random}.jpg and serves the same bytes publicly', async () => {
    const key = featuredPath();
    const { data, error } = await admin.storage.from(BUCKET).upload(key, jpegBlob(), uploadOptions);
    expect(error).toBeNull();
    expect(data?.path).toBe(key);
    expect(data?.fullPath).toBe(`${BUCKET}/${key}`);
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await storedObjects(key);
    expect(row?.metadata).toMatchObject({ mimetype: 'image/jpeg', size: JPEG.length, cacheControl: 'max-age=3600' });

    const url = publicUrl(key);
    expect(url).toBe(`${stackInfo().url}/storage/v1/object/public/${BUCKET}/${key}`);
    // A plain <img src>: no API key, no token.
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.equals(JPEG)).toBe(true);
  });

  it('refuses the same upload again (statusCode 409) and keeps the first bytes; upsert: true replaces them', async () => {
    const key = featuredPath();
    expect((await admin.storage.from(BUCKET).upload(key, jpegBlob(), uploadOptions)).error).toBeNull();

    const again = await admin.storage.from(BUCKET).upload(key, jpegBlob(JPEG_2), uploadOptions);
    expect(again.data).toBeNull();
    expect(again.error).toMatchObject({ statusCode: '409' });
    expect(Buffer.from(await (await fetch(publicUrl(key))).arrayBuffer()).equals(JPEG)).toBe(true);

    const replaced = await admin.storage.from(BUCKET).upload(key, jpegBlob(JPEG_2), { ...uploadOptions, upsert: true });
    expect(replaced.error).toBeNull();
    expect(replaced.data?.path).toBe(key);
    const res = await fetch(publicUrl(key));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG_2)).toBe(true);
    const rows = await storedObjects(key);
    expect(rows).toHaveLength(1);
    expect(rows[0].metadata).toMatchObject({ size: JPEG_2.length });
  });

  it('refuses an anonymous upload (statusCode 403) and stores nothing', async () => {
    const key = featuredPath();
    const { data, error } = await anonClient().storage.from(BUCKET).upload(key, jpegBlob(), uploadOptions);
    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await storedObjects(key)).toEqual([]);
    expect(existsSync(storedFile(key))).toBe(false);
    expect((await fetch(publicUrl(key))).status).not.toBe(200);
  });

  it('refuses an upload by a signed-in user without the admin role (statusCode 403) and stores nothing', async () => {
    const { client } = await signedInClient('none');
    const key = featuredPath();
    const { data, error } = await client.storage.from(BUCKET).upload(key, jpegBlob(), uploadOptions);
    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await storedObjects(key)).toEqual([]);
    expect(existsSync(storedFile(key))).toBe(false);
  });

  it('refuses a file that is not an image (statusCode 415), even from an admin', async () => {
    const key = `featured/${Date.now()}-${randomUUID().slice(0, 8)}.txt`;
    const text = new Blob(['not an image'], { type: 'text/plain' });
    const { data, error } = await admin.storage.from(BUCKET).upload(key, text, uploadOptions);
    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: '415' });
    expect(await storedObjects(key)).toEqual([]);
    expect(existsSync(storedFile(key))).toBe(false);
  });

  it('refuses a file over the 10 MB limit (statusCode 413) and stores nothing', async () => {
    const key = featuredPath();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    JPEG.copy(big); // starts like a JPEG; only the size is wrong
    const { data, error } = await admin.storage.from(BUCKET).upload(key, jpegBlob(big), uploadOptions);
    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: '413' });
    expect(await storedObjects(key)).toEqual([]);
    expect(existsSync(storedFile(key))).toBe(false);
  });

  it('lets an admin remove an image; its public URL then stops serving it', async () => {
    const key = featuredPath();
    expect((await admin.storage.from(BUCKET).upload(key, jpegBlob(), uploadOptions)).error).toBeNull();
    expect((await fetch(publicUrl(key))).status).toBe(200);

    // Only an admin may delete: anon "succeeds" with nothing removed, as Storage answers under RLS.
    const anonRemove = await anonClient().storage.from(BUCKET).remove([key]);
    expect(anonRemove.data ?? []).toEqual([]);
    expect(await storedObjects(key)).toHaveLength(1);

    const { data, error } = await admin.storage.from(BUCKET).remove([key]);
    expect(error).toBeNull();
    expect(data?.map((o) => o.name)).toEqual([key]);
    expect(await storedObjects(key)).toEqual([]);
    expect(existsSync(storedFile(key))).toBe(false);
    const res = await fetch(publicUrl(key));
    expect([400, 404]).toContain(res.status);
    await res.body?.cancel();
  });

  it.each([
    ['a leading ..', (tag: string) => `../${tag}.jpg`],
    ['.. behind an encoded slash', (tag: string) => `featured/..%2F..%2F${tag}.jpg`],
    ['a wholly encoded key', (tag: string) => encodeURIComponent(`featured/../../${tag}.jpg`)],
  ])('refuses a key with %s, writing nothing in or outside the bucket', async (_label, makeKey) => {
    const tag = `escape-${randomUUID().slice(0, 8)}`;
    const { data, error } = await admin.storage.from(BUCKET).upload(makeKey(tag), jpegBlob(), uploadOptions);
    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: '400' });
    const rows = await db.query('select count(*) as n from storage.objects where name like $1', [`%${tag}%`]);
    expect(Number(rows.rows[0].n)).toBe(0);
    const written = (await filesUnder(stackInfo().dataDir)).filter((f) => f.includes(tag));
    expect(written).toEqual([]);
  });
});
