/**
 * /storage/v1 hardened (issue #16): an upload is authorised before its body is read (an anonymous 10 MB upload is
 * refused from its headers, and 30 of them leave the gateway's memory flat), accepted uploads are streamed to
 * disk, and malformed names or metadata are 400, not 500.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbClient, signedInClient, stackInfo } from '../helpers/supabase';
import { rssMb, sendUntilAnswered, sleep, stackPids } from './abuse-helpers';

const BUCKET = 'blog-images';
const MB = 1024 * 1024;
const db = dbClient();
let adminToken: string;

beforeAll(async () => {
  await db.connect();
  const admin = await signedInClient('admin');
  adminToken = (await admin.client.auth.getSession()).data.session!.access_token;
});
afterAll(() => db.end());

const objectUrl = (key: string) => `${stackInfo().url}/storage/v1/object/${BUCKET}/${key}`;
const storedFile = (key: string) => path.join(stackInfo().dataDir, 'storage', BUCKET, key);
const featuredKey = (ext = 'jpg') => `featured/${Date.now()}-${randomUUID().slice(0, 8)}.${ext}`;

/** A raw-body upload, as curl (or storage-js with a Buffer) sends it. */
function rawUpload(
  key: string,
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
  token = adminToken,
) {
  const s = stackInfo();
  return fetch(objectUrl(key), {
    method: 'POST',
    headers: { apikey: s.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/jpeg', ...headers },
    body,
  });
}

async function partFiles() {
  const dir = path.join(stackInfo().dataDir, 'storage');
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true })).filter((f) => String(f).endsWith('.part'));
}

function gatewayRss(label: string) {
  const mb = rssMb(stackPids(stackInfo().dataDir).gateway);
  console.log(`[memory] ${label}: gateway RSS ${mb} MB`);
  return mb;
}

describe('storage: who uploads is checked before the upload is read', () => {
  it('refuses an anonymous 10 MB upload from its headers, without waiting for the body', async () => {
    const s = stackInfo();
    const answer = await sendUntilAnswered({
      port: Number(new URL(s.url).port),
      head: [
        `POST /storage/v1/object/${BUCKET}/${featuredKey()} HTTP/1.1`,
        `Host: 127.0.0.1`,
        `apikey: ${s.anonKey}`,
        'Content-Type: image/jpeg',
        `Content-Length: ${10 * MB - 1}`,
      ].join('\r\n'),
      chunkBytes: 64 * 1024,
      maxBytes: 0, // headers only: the body never comes
      maxMs: 2000,
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('"statusCode":"403"');
    expect(answer.answeredAfterMs).toBeLessThan(2000);
  });

  it('stores accepted uploads whole: bytes, size, ETag and metadata right, no part file left', async () => {
    const uploads = Array.from({ length: 6 }, (_, n) => {
      const bytes = Buffer.alloc(8 * MB);
      for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i + n, i);
      return { key: featuredKey(), bytes };
    });
    const before = gatewayRss('before 6 admin uploads of 8 MB at once');
    const statuses = await Promise.all(
      uploads.map(({ key, bytes }, n) =>
        rawUpload(key, bytes, { 'x-metadata': Buffer.from(`{"alt":"Stupa ${n}"}`).toString('base64') }).then(
          (r) => r.status,
        ),
      ),
    );
    await sleep(300);
    gatewayRss('after 6 admin uploads of 8 MB at once');
    expect(before).toBeGreaterThan(0);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    for (const [n, { key, bytes }] of uploads.entries()) {
      expect((await readFile(storedFile(key))).equals(bytes)).toBe(true);
      const { rows } = await db.query(
        'select metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2',
        [BUCKET, key],
      );
      expect(rows[0].metadata).toMatchObject({
        size: bytes.length,
        eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
        mimetype: 'image/jpeg',
      });
      expect(rows[0].user_metadata).toEqual({ alt: `Stupa ${n}` });
    }
    expect(await partFiles()).toEqual([]);
  });

  it('writes an upload to disk as it arrives, not once it is all in memory', async () => {
    const key = featuredKey();
    const s = stackInfo();
    const total = 8 * MB;
    const socket = net.connect(Number(new URL(s.url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {});
    try {
      await new Promise<void>((r) => socket.once('connect', () => r()));
      socket.write(
        [
          `POST /storage/v1/object/${BUCKET}/${key} HTTP/1.1`,
          'Host: 127.0.0.1',
          `apikey: ${s.anonKey}`,
          `Authorization: Bearer ${adminToken}`,
          'Content-Type: image/jpeg',
          `Content-Length: ${total}`,
          'Connection: close',
          '',
          '',
        ].join('\r\n'),
      );
      // Half the body, then the client waits: the half is on disk already, in the object's part file.
      socket.write(Buffer.alloc(total / 2, 1));
      let partBytes = 0;
      for (let i = 0; i < 60 && partBytes < total / 2; i++) {
        await sleep(50);
        const dir = path.dirname(storedFile(key));
        const parts = existsSync(dir)
          ? (await readdir(dir)).filter((f) => f.startsWith(path.basename(key)) && f.endsWith('.part'))
          : [];
        partBytes = parts.length ? (await stat(path.join(dir, parts[0]))).size : 0;
      }
      expect(partBytes).toBe(total / 2);
      expect(existsSync(storedFile(key))).toBe(false);
      // The rest: the object takes its place, whole.
      socket.write(Buffer.alloc(total / 2, 2));
      for (let i = 0; i < 100 && !answer.includes('\r\n\r\n{'); i++) await sleep(50);
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      const stored = await readFile(storedFile(key));
      expect(stored.length).toBe(total);
      expect(stored[0]).toBe(1);
      expect(stored[total - 1]).toBe(2);
      expect(await partFiles()).toEqual([]);
    } finally {
      socket.destroy();
    }
  });

  it('keeps the gateway’s memory flat under 30 anonymous 10 MB uploads', async () => {
    const body = new Uint8Array(10 * MB - 1);
    const round = async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          rawUpload(featuredKey(), body, {}, stackInfo().anonKey).then(
            async (r) => ({ status: r.status, body: await r.text() }),
            (err: Error) => ({ status: 0, body: String(err.cause ?? err) }),
          ),
        ),
      );
      for (const a of answers) {
        // The gateway answers from the headers and may close before fetch has written the 10 MB: on a loaded
        // machine fetch then fails writing (EPIPE, ECONNRESET; CI run 29) before it reads the answer. That is a
        // refusal too; the answer itself is checked by the test above, over a raw socket. Anything else fails.
        if (a.status === 0 && /EPIPE|ECONNRESET/.test(a.body)) continue;
        expect(a.status, a.body).toBe(400);
        expect(JSON.parse(a.body)).toMatchObject({ statusCode: '403' });
      }
    };
    // A first round warms the gateway up (the allocator's arenas keep what the discarded bodies went through: a
    // bounded amount, 60 or 90 uploads do not add to it); then 30 more must not add much. Before: every refused
    // upload was read into memory first, +335 MB for 30 that stayed.
    const cold = gatewayRss('before any anonymous 10 MB upload');
    await round();
    await sleep(300);
    const before = gatewayRss('after 10 anonymous 10 MB uploads (warm-up)');
    for (let i = 0; i < 3; i++) await round();
    await sleep(300);
    const after = gatewayRss('after 30 more anonymous 10 MB uploads');
    expect(after - cold).toBeLessThan(100);
    expect(after - before).toBeLessThan(64);
  });

  it('refuses a streamed (chunked) upload over the bucket limit (statusCode 413) and leaves no file', async () => {
    const key = featuredKey();
    const s = stackInfo();
    const answer = await sendUntilAnswered({
      port: Number(new URL(s.url).port),
      head: [
        `POST /storage/v1/object/${BUCKET}/${key} HTTP/1.1`,
        `Host: 127.0.0.1`,
        `apikey: ${s.anonKey}`,
        `Authorization: Bearer ${adminToken}`,
        'Content-Type: image/jpeg',
        'Transfer-Encoding: chunked',
      ].join('\r\n'),
      chunkBytes: 64 * 1024,
      maxBytes: 128 * MB,
      maxMs: 6000,
      chunked: true,
    });
    // Storage's legacy answer: HTTP 400 with the real status in the body.
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('"statusCode":"413"');
    // The limit, then what was in flight when the answer came: far short of the 128 MB the client had.
    expect(answer.bytesSent).toBeLessThan(48 * MB);
    await sleep(200);
    expect(existsSync(storedFile(key))).toBe(false);
    expect(await partFiles()).toEqual([]);
    const { rows } = await db.query('select 1 from storage.objects where name = $1', [key]);
    expect(rows).toEqual([]);
  });
});

describe('storage: malformed requests are 400, not 500', () => {
  it.each(['%ZZ', '%E0%A4%A.png', 'featured/%C3'])('GET of the public object %s', async (key) => {
    const res = await fetch(`${stackInfo().url}/storage/v1/object/public/${BUCKET}/${key}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
  });

  it('an upload named with a broken percent escape (%E0%A4%A.png)', async () => {
    const res = await rawUpload('featured/%E0%A4%A.png', new Uint8Array([1, 2, 3]), { 'content-type': 'image/png' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    expect(await partFiles()).toEqual([]);
  });

  it.each([
    ['not base64', 'not base64 !'],
    ['base64 of text that is not JSON', Buffer.from('{nope').toString('base64')],
    ['base64 of a JSON string, not an object', Buffer.from('"x"').toString('base64')],
    ['base64 of a JSON array', Buffer.from('[1]').toString('base64')],
  ])('an x-metadata header that is %s', async (_label, header) => {
    const key = featuredKey();
    const res = await rawUpload(key, new Uint8Array([0xff, 0xd8, 0xff]), { 'x-metadata': header });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
    expect(existsSync(storedFile(key))).toBe(false);
  });
});
