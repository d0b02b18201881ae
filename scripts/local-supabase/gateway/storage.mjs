// @ts-check
/**
 * /storage/v1: upload (multipart or raw body, x-upsert), update, public and authenticated download, remove and
 * list, with Supabase Storage's answers. Object rows live in storage.objects and are written as the caller's
 * database role with its JWT claims, so the storage policies in supabase/migrations decide, as on Supabase.
 * The bucket's size limit and allowed MIME types are enforced before anything is stored. Bytes go to
 * DATA_DIR/storage/<bucket>/<path>.
 *
 * Hand-written because Supabase's storage server needs S3 or its own deployment; this serves only the calls
 * the project makes.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID, createHash } from 'node:crypto';
import busboy from 'busboy';
import { HttpError, sendJson, readBody, readJson, bearer } from './http.mjs';
import { verify } from './jwt.mjs';

const MAX_UPLOAD = 50 * 1024 * 1024;

/**
 * @param {string} statusCode
 * @param {string} error
 * @param {string} message
 * @param {number} [httpStatus]
 */
function storageError(statusCode, error, message, httpStatus = 400) {
  return new HttpError(httpStatus, { statusCode, error, message });
}

/**
 * Object keys as Storage accepts them: relative, no empty, '.' or '..' segments, no control characters.
 * @param {string} name
 */
function checkObjectName(name) {
  const segments = name.split('/');
  const bad =
    !name ||
    name.length > 1024 ||
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    /[\u0000-\u001f\u007f\\]/.test(name) ||
    segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw storageError('400', 'InvalidKey', `Invalid key: ${name}`);
}

/**
 * Parses the upload body: multipart (the file part, with cacheControl and metadata fields) or raw bytes.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<{ data: Buffer, contentType: string, cacheControl: string, metadata: Record<string, unknown> | null }>}
 */
async function readUpload(req, limit) {
  const type = req.headers['content-type'] ?? 'application/octet-stream';
  if (!type.startsWith('multipart/form-data')) {
    const data = await readBody(req, limit).catch((err) => {
      throw err instanceof HttpError && err.status === 413
        ? storageError('413', 'Payload too large', 'The object exceeded the maximum allowed size')
        : err;
    });
    const cc = /max-age=(\d+)/.exec(String(req.headers['cache-control'] ?? ''));
    const meta = req.headers['x-metadata'];
    return {
      data,
      contentType: type,
      cacheControl: cc ? cc[1] : '3600',
      metadata: typeof meta === 'string' ? JSON.parse(Buffer.from(meta, 'base64').toString('utf8')) : null,
    };
  }
  return new Promise((resolve, reject) => {
    /** @type {Record<string, string>} */
    const fields = {};
    /** @type {{ data: Buffer, mime: string } | undefined} */
    let file;
    let tooBig = false;
    const bb = busboy({ headers: req.headers, limits: { fileSize: limit, files: 1 } });
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, stream, info) => {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (/** @type {Buffer} */ c) => chunks.push(c));
      stream.on('limit', () => {
        tooBig = true;
      });
      stream.on('end', () => {
        file = { data: Buffer.concat(chunks), mime: info.mimeType };
      });
    });
    bb.on('error', () => reject(storageError('400', 'InvalidRequest', 'Could not parse the multipart body')));
    bb.on('close', () => {
      if (tooBig)
        return reject(storageError('413', 'Payload too large', 'The object exceeded the maximum allowed size'));
      if (!file) return reject(storageError('400', 'InvalidRequest', 'No file in the multipart body'));
      /** @type {Record<string, unknown> | null} */
      let metadata;
      try {
        metadata = fields.metadata ? JSON.parse(fields.metadata) : null;
      } catch {
        return reject(storageError('400', 'InvalidRequest', 'metadata is not JSON'));
      }
      resolve({ data: file.data, contentType: file.mime, cacheControl: fields.cacheControl ?? '3600', metadata });
    });
    req.pipe(bb);
  });
}

/**
 * @param {{ pool: import('pg').Pool, key: Uint8Array, storageDir: string, anonKey: string }} ctx
 */
export function createStorageHandler(ctx) {
  const { pool, key, storageDir } = ctx;

  /**
   * The database role and claims a request acts as: a user's token, the service key, or anon.
   * @param {import('node:http').IncomingMessage} req
   */
  async function callerOf(req) {
    const claims = (await verify(bearer(req), key)) ?? { role: 'anon' };
    const role = ['anon', 'authenticated', 'service_role'].includes(claims.role) ? claims.role : 'anon';
    return { role, claims };
  }

  /**
   * Runs `fn` in a transaction as the caller's role, so storage.objects policies apply.
   * @template T
   * @param {{ role: string, claims: Record<string, any> }} caller
   * @param {(db: import('pg').PoolClient) => Promise<T>} fn
   * @returns {Promise<T>}
   */
  async function asCaller(caller, fn) {
    const db = await pool.connect();
    try {
      await db.query('begin');
      // The role is one of three fixed names (checked in callerOf), so it is safe to splice in.
      await db.query(`set local role ${caller.role}`);
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(caller.claims)]);
      const out = await fn(db);
      await db.query('commit');
      return out;
    } catch (err) {
      await db.query('rollback').catch(() => {});
      const code = /** @type {any} */ (err).code;
      if (code === '42501') throw storageError('403', 'Unauthorized', 'new row violates row-level security policy');
      if (code === '23505') throw storageError('409', 'Duplicate', 'The resource already exists');
      throw err;
    } finally {
      db.release();
    }
  }

  /** @param {string} bucketId */
  async function bucket(bucketId) {
    const { rows } = await pool.query(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [bucketId],
    );
    if (!rows[0]) throw storageError('404', 'Bucket not found', 'Bucket not found');
    return rows[0];
  }

  /** @param {string} bucketId @param {string} name */
  function fileOf(bucketId, name) {
    const root = path.join(storageDir, bucketId);
    const file = path.resolve(root, name);
    if (!file.startsWith(root + path.sep)) throw storageError('400', 'InvalidKey', `Invalid key: ${name}`);
    return file;
  }

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
    const limit = Math.min(Number(b.file_size_limit ?? MAX_UPLOAD), MAX_UPLOAD);
    const body = await readUpload(req, limit);
    const mime = body.contentType.split(';')[0].trim().toLowerCase();
    if (b.allowed_mime_types?.length && !b.allowed_mime_types.includes(mime)) {
      throw storageError('415', 'invalid_mime_type', `mime type ${mime} is not supported`);
    }
    const upsert = req.method === 'PUT' || String(req.headers['x-upsert']).toLowerCase() === 'true';
    const caller = await callerOf(req);
    const metadata = {
      eTag: `"${createHash('md5').update(body.data).digest('hex')}"`,
      size: body.data.length,
      mimetype: mime,
      cacheControl: `max-age=${body.cacheControl}`,
      lastModified: new Date().toISOString(),
      contentLength: body.data.length,
      httpStatusCode: 200,
    };
    const file = fileOf(bucketId, name);
    const row = await asCaller(caller, async (db) => {
      const owner = caller.claims.sub ?? null;
      let result;
      if (req.method === 'PUT') {
        result = await db.query(
          `update storage.objects set metadata = $3, user_metadata = $4, owner = $5::uuid, owner_id = $5::text,
             version = $6, updated_at = now() where bucket_id = $1 and name = $2 returning id`,
          [bucketId, name, metadata, body.metadata, owner, randomUUID()],
        );
        if (!result.rowCount) throw storageError('404', 'not_found', 'Object not found');
      } else {
        result = await db.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3::uuid, $3::text, $4, $5, $6)
           ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata, owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version, updated_at = now()' : ''}
           returning id`,
          [bucketId, name, owner, metadata, body.metadata, randomUUID()],
        );
      }
      // Bytes are written before the row commits: a failed write rolls the row back.
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.part`;
      await writeFile(tmp, body.data);
      await rename(tmp, file);
      return result.rows[0];
    });
    sendJson(res, 200, { Id: row.id, Key: `${bucketId}/${name}` });
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

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} _url
   * @param {string} rest Path after /storage/v1.
   */
  return async function handleStorage(req, res, _url, rest) {
    const parts = rest.split('/').filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? 'GET';
    if (parts[0] !== 'object') throw storageError('404', 'not_found', 'Route not found', 404);
    if (parts[1] === 'public' && (method === 'GET' || method === 'HEAD')) {
      return download(req, res, parts[2], parts.slice(3).join('/'), true);
    }
    if (parts[1] === 'authenticated' && (method === 'GET' || method === 'HEAD')) {
      return download(req, res, parts[2], parts.slice(3).join('/'), false);
    }
    if (parts[1] === 'list' && method === 'POST') return list(req, res, parts[2]);
    if (parts.length === 2 && method === 'DELETE') return remove(req, res, parts[1]);
    const bucketId = parts[1];
    const name = parts.slice(2).join('/');
    if (!bucketId || !name) throw storageError('400', 'InvalidRequest', 'Bucket and object name are required');
    if (method === 'POST' || method === 'PUT') return upload(req, res, bucketId, name);
    if (method === 'GET' || method === 'HEAD') return download(req, res, bucketId, name, false);
    throw storageError('405', 'MethodNotAllowed', 'Method not allowed', 405);
  };
}
