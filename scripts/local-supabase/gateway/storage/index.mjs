// @ts-check
/**
 * /storage/v1: upload (multipart or raw body, x-upsert), update, public and authenticated download, remove and
 * list, with Supabase Storage's answers. Object rows live in storage.objects and are written as the caller's
 * database role with its JWT claims, so the storage policies in supabase/migrations decide, as on Supabase.
 * Uploads are authorised before their body is read (the caller's insert is tried and rolled back, as Storage's
 * canUpload does), then streamed to a file next to their place, within the bucket's size limit and allowed MIME
 * types, and moved into place when the row commits: an upload never sits in memory. Bytes go to
 * DATA_DIR/storage/<bucket>/<path>.
 *
 * Hand-written because Supabase's storage server needs S3 or its own deployment; this serves only the calls
 * the project makes. Routed by Hono (the routes at the end); the object rules are in objects.mjs, the caller's role in access.mjs.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { sendJson, readJson, declaredLength, nodeRoute, refuse } from '../http.mjs';
import { createAccess } from './access.mjs';
import {
  MAX_UPLOAD,
  MULTIPART_OVERHEAD,
  checkObjectName,
  decodeSegments,
  parseMetadataHeader,
  receiveUpload,
  storageError,
  tooLarge,
} from './objects.mjs';

export { decodeSegments, parseMetadataHeader } from './objects.mjs';

/**
 * @param {{ pool: import('pg').Pool, key: Uint8Array, storageDir: string, anonKey: string, maxUpload?: number }} ctx
 *   `maxUpload`: the project-wide limit (supabase/config.toml storage.file_size_limit); a bucket's own may be lower.
 */
export function storageRoutes(ctx) {
  const { pool } = ctx;
  const maxUpload = ctx.maxUpload ?? MAX_UPLOAD;
  const { callerOf, asCaller, bucket, fileOf } = createAccess(ctx);

  /**
   * POST (create; x-upsert: true replaces) or PUT (replace) an object.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} bucketId
   * @param {string} name
   */
  async function upload(req, res, bucketId, name) {
    checkObjectName(name);
    const b = await bucket(bucketId);
    const limit = Math.min(Number(b.file_size_limit ?? maxUpload), maxUpload);
    const file = fileOf(bucketId, name);
    const multipart = String(req.headers['content-type'] ?? '').startsWith('multipart/form-data');
    const mimeOf = (/** @type {string} */ type) => type.split(';')[0].trim().toLowerCase();
    const checkMime = (/** @type {string} */ type) => {
      const mime = mimeOf(type);
      if (b.allowed_mime_types?.length && !b.allowed_mime_types.includes(mime)) {
        throw storageError('415', 'invalid_mime_type', `mime type ${mime} is not supported`);
      }
    };
    // What the headers tell is checked first: the declared size, and a raw upload's type and metadata.
    const declared = declaredLength(req);
    if (declared !== undefined && declared > limit + (multipart ? MULTIPART_OVERHEAD : 0)) throw tooLarge();
    /** @type {Record<string, unknown> | null} */
    let headerMetadata = null;
    if (!multipart) {
      checkMime(req.headers['content-type'] ?? 'application/octet-stream');
      headerMetadata = parseMetadataHeader(req.headers['x-metadata']);
    }
    const upsert = req.method === 'PUT' || String(req.headers['x-upsert']).toLowerCase() === 'true';
    const caller = await callerOf(req);
    const owner = caller.claims.sub ?? null;
    /**
     * The object's row, written as the caller so the storage policies decide.
     * @param {import('pg').PoolClient} db
     * @param {Record<string, unknown>} metadata
     * @param {Record<string, unknown> | null} userMetadata
     */
    const writeRow = async (db, metadata, userMetadata) => {
      let result;
      if (req.method === 'PUT') {
        result = await db.query(
          `update storage.objects set metadata = $3, user_metadata = $4, owner = $5::uuid, owner_id = $5::text,
             version = $6, updated_at = now() where bucket_id = $1 and name = $2 returning id`,
          [bucketId, name, metadata, userMetadata, owner, randomUUID()],
        );
        if (!result.rowCount) throw storageError('404', 'not_found', 'Object not found');
      } else {
        result = await db.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3::uuid, $3::text, $4, $5, $6)
           ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata, owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version, updated_at = now()' : ''}
           returning id`,
          [bucketId, name, owner, metadata, userMetadata, randomUUID()],
        );
      }
      return result.rows[0];
    };
    // Authorised before a byte of the body is read, as Storage's canUpload: the caller's write is tried under the
    // policies and rolled back. A refused caller (or a duplicate) is answered at once; the body is never read.
    await asCaller(caller, (db) => writeRow(db, {}, null), { dryRun: true });

    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.part`;
    try {
      const body = await receiveUpload(req, { file: tmp, limit, checkMime });
      const mime = mimeOf(body.contentType);
      const metadata = {
        eTag: `"${body.md5}"`,
        size: body.size,
        mimetype: mime,
        cacheControl: `max-age=${body.cacheControl}`,
        lastModified: new Date().toISOString(),
        contentLength: body.size,
        httpStatusCode: 200,
      };
      const row = await asCaller(caller, async (db) => {
        const written = await writeRow(db, metadata, body.metadata === undefined ? headerMetadata : body.metadata);
        // The file takes its place before the row commits: a failed move rolls the row back.
        await rename(tmp, file);
        return written;
      });
      sendJson(res, 200, { Id: row.id, Key: `${bucketId}/${name}` });
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /**
   * Streams an object with its stored content type and cache control.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} bucketId
   * @param {string} name
   * @param {boolean} isPublic
   */
  async function download(req, res, bucketId, name, isPublic) {
    checkObjectName(name);
    const b = await bucket(bucketId);
    /** @type {Record<string, any> | undefined} */
    let row;
    if (isPublic) {
      if (!b.public) throw storageError('400', 'InvalidRequest', 'Bucket is not public');
      row = (
        await pool.query('select metadata from storage.objects where bucket_id = $1 and name = $2', [bucketId, name])
      ).rows[0];
    } else {
      row = await asCaller(
        await callerOf(req),
        async (db) =>
          (await db.query('select metadata from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]))
            .rows[0],
      );
    }
    if (!row) throw storageError('404', 'not_found', 'Object not found', 400);
    const file = fileOf(bucketId, name);
    const st = await stat(file).catch(() => undefined);
    if (!st) throw storageError('404', 'not_found', 'Object not found', 400);
    const etag = row.metadata?.eTag;
    if (etag && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': row.metadata?.mimetype ?? 'application/octet-stream',
      'Content-Length': String(st.size),
      'Cache-Control': row.metadata?.cacheControl ?? 'max-age=3600',
      ...(etag ? { ETag: etag } : {}),
      'Last-Modified': st.mtime.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }

  /**
   * DELETE /object/<bucket> { prefixes: [...] }: removes what the caller's policies let it delete.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} bucketId
   */
  async function remove(req, res, bucketId) {
    await bucket(bucketId);
    const body = await readJson(req);
    const names = Array.isArray(body.prefixes) ? body.prefixes.map(String) : [];
    if (!names.length) throw storageError('400', 'InvalidRequest', 'prefixes must be a non-empty array');
    names.forEach(checkObjectName);
    const rows = await asCaller(
      await callerOf(req),
      async (db) =>
        (
          await db.query(
            'delete from storage.objects where bucket_id = $1 and name = any($2) returning id, name, bucket_id, metadata, created_at, updated_at',
            [bucketId, names],
          )
        ).rows,
    );
    await Promise.all(rows.map((r) => rm(fileOf(bucketId, r.name), { force: true })));
    sendJson(res, 200, rows);
  }

  /**
   * POST /object/list/<bucket> { prefix, limit, offset, search }: one folder level, as Storage lists it.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} bucketId
   */
  async function list(req, res, bucketId) {
    await bucket(bucketId);
    const body = await readJson(req);
    const prefix = String(body.prefix ?? '').replace(/^\/+|\/+$/g, '');
    const limit = Math.min(1000, Math.max(1, Number(body.limit ?? 100) || 100));
    const offset = Math.max(0, Number(body.offset ?? 0) || 0);
    const search = String(body.search ?? '');
    const rows = await asCaller(
      await callerOf(req),
      async (db) =>
        (
          await db.query(
            `select id, name, metadata, created_at, updated_at, last_accessed_at from storage.objects
           where bucket_id = $1 and ($2 = '' or name like $2 || '/%') order by name`,
            [bucketId, prefix],
          )
        ).rows,
    );
    /** @type {Map<string, Record<string, unknown>>} */
    const entries = new Map();
    for (const r of rows) {
      const rest = prefix ? r.name.slice(prefix.length + 1) : r.name;
      const [first, ...more] = rest.split('/');
      if (search && !first.includes(search)) continue;
      if (more.length) {
        if (!entries.has(first))
          entries.set(first, {
            name: first,
            id: null,
            updated_at: null,
            created_at: null,
            last_accessed_at: null,
            metadata: null,
          });
      } else {
        entries.set(first, { ...r, name: first });
      }
    }
    sendJson(res, 200, [...entries.values()].slice(offset, offset + limit));
  }

  /** The path after /storage/v1 as decoded segments: ['object', bucket, ...name]. */
  const partsOf = (/** @type {URL} */ url) => decodeSegments(url.pathname.replace(/^\/storage\/v1/, ''));
  const read = ['GET', 'HEAD'];
  /** @type {import('hono').Hono<import('../http.mjs').GatewayEnv>} */
  const app = new Hono({ strict: false });
  // /object/public/<bucket>/<name> (no key needed) and /object/authenticated/<bucket>/<name>.
  for (const isPublic of [true, false]) {
    app.on(
      read,
      `/object/${isPublic ? 'public' : 'authenticated'}/*`,
      nodeRoute((req, res, url) => {
        const parts = partsOf(url);
        return download(req, res, parts[2], parts.slice(3).join('/'), isPublic);
      }),
    );
  }
  app.post(
    '/object/list/*',
    nodeRoute((req, res, url) => list(req, res, partsOf(url)[2])),
  );
  app.delete(
    '/object/:bucket',
    nodeRoute((req, res, url) => remove(req, res, partsOf(url)[1])),
  );
  app.all(
    '/object/*',
    nodeRoute((req, res, url) => {
      const [, bucketId, ...rest] = partsOf(url);
      const name = rest.join('/');
      if (!bucketId || !name) throw storageError('400', 'InvalidRequest', 'Bucket and object name are required');
      if (req.method === 'POST' || req.method === 'PUT') return upload(req, res, bucketId, name);
      if (req.method === 'GET' || req.method === 'HEAD') return download(req, res, bucketId, name, false);
      throw storageError('405', 'MethodNotAllowed', 'Method not allowed', 405);
    }),
  );
  app.all(
    '*',
    refuse(() => storageError('404', 'not_found', 'Route not found', 404)),
  );
  return app;
}
