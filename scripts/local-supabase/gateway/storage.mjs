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
 * the project makes.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID, createHash } from 'node:crypto';
import busboy from 'busboy';
import { HttpError, sendJson, readJson, bearer, declaredLength } from './http.mjs';
import { verify } from './jwt.mjs';

/** Storage's project-wide upload limit when the stack is given none (hosted Supabase's default, 50 MiB). */
const MAX_UPLOAD = 50 * 1024 * 1024;
/** Room for the multipart framing and fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * @param {string} statusCode
 * @param {string} error
 * @param {string} message
 * @param {number} [httpStatus]
 */
function storageError(statusCode, error, message, httpStatus = 400) {
  return new HttpError(httpStatus, { statusCode, error, message });
}

const tooLarge = () => storageError('413', 'Payload too large', 'The object exceeded the maximum allowed size');

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
 * The path segments after /storage/v1, percent-decoded; a malformed escape (`%ZZ`, a cut UTF-8 sequence) is a bad
 * key, 400, not a server error.
 * @param {string} rest
 */
export function decodeSegments(rest) {
  return rest
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw storageError('400', 'InvalidKey', `Invalid key: ${segment}`);
      }
    });
}

/**
 * The `x-metadata` header of a raw upload: base64 of a JSON object (or absent). Anything else is 400.
 * @param {string | string[] | undefined} header
 * @returns {Record<string, unknown> | null}
 */
export function parseMetadataHeader(header) {
  if (header === undefined) return null;
  return parseMetadata(
    typeof header === 'string' && /^[A-Za-z0-9+/_-]*={0,2}$/.test(header.trim())
      ? Buffer.from(header.trim(), 'base64').toString('utf8')
      : undefined,
    'x-metadata',
  );
}

/**
 * User metadata of an upload: a JSON object, at most 1 MB (Storage's limit), or 400.
 * @param {string | undefined} text
 * @param {string} field
 * @returns {Record<string, unknown> | null}
 */
function parseMetadata(text, field) {
  if (text !== undefined && Buffer.byteLength(text) > 1024 * 1024) {
    throw storageError('413', 'Payload too large', `The ${field} exceeded the maximum allowed size`);
  }
  try {
    const value = text === undefined ? undefined : JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    /* refused below */
  }
  throw storageError(
    '400',
    'InvalidRequest',
    `${field} must be a JSON object (base64-encoded in the x-metadata header)`,
  );
}

/**
 * Writes a stream to `file` (created new), counting and hashing on the way; more than `limit` bytes, or a
 * stream that closes before its end (the client went away) or is truncated (busboy's limit), fails and leaves no
 * file.
 * @param {import('node:stream').Readable & { truncated?: boolean }} source
 * @param {string} file
 * @param {number} limit
 * @returns {Promise<{ size: number, md5: string }>}
 */
function streamToFile(source, file, limit) {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file, { flags: 'wx' });
    const hash = createHash('md5');
    let size = 0;
    let settled = false;
    /** @param {Error} err */
    const fail = (err) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      out.destroy();
      rm(file, { force: true }).then(
        () => reject(err),
        () => reject(err),
      );
    };
    const onData = (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > limit) return fail(tooLarge());
      hash.update(chunk);
      if (!out.write(chunk)) {
        source.pause();
        out.once('drain', () => source.resume());
      }
    };
    source.on('data', onData);
    source.once('limit', () => fail(tooLarge()));
    source.once('error', (err) => fail(err));
    source.once('close', () => {
      if (!source.readableEnded) fail(storageError('400', 'InvalidRequest', 'The upload was aborted'));
    });
    source.once('end', () => {
      if (settled) return;
      if (source.truncated) return fail(tooLarge());
      out.end(() => {
        if (settled) return;
        settled = true;
        resolve({ size, md5: hash.digest('hex') });
      });
    });
    out.once('error', (err) => fail(err));
  });
}

/**
 * Streams the upload body to `file`: multipart (the file part, with cacheControl and metadata fields) or raw
 * bytes. The MIME type is checked before a byte is written.
 * @param {import('node:http').IncomingMessage} req
 * @param {{ file: string, limit: number, checkMime: (mime: string) => void }} opts
 * @returns {Promise<{ size: number, md5: string, contentType: string, cacheControl: string, metadata: Record<string, unknown> | null | undefined }>}
 */
function receiveUpload(req, { file, limit, checkMime }) {
  const type = req.headers['content-type'] ?? 'application/octet-stream';
  if (!type.startsWith('multipart/form-data')) {
    // The MIME type, size and metadata of a raw upload were checked from its headers already.
    return streamToFile(req, file, limit).then((r) => ({
      ...r,
      contentType: type,
      cacheControl: /max-age=(\d+)/.exec(String(req.headers['cache-control'] ?? ''))?.[1] ?? '3600',
      metadata: undefined,
    }));
  }
  return new Promise((resolve, reject) => {
    /** @type {Record<string, string>} */
    const fields = {};
    /** @type {Promise<{ size: number, md5: string, mime: string }> | undefined} */
    let written;
    let settled = false;
    /** @param {Error} err */
    const fail = (err) => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      reject(err);
    };
    /** @type {import('busboy').Busboy} */
    let bb;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: limit, files: 1, fields: 20, fieldSize: 1024 * 1024 } });
    } catch {
      return reject(storageError('400', 'InvalidRequest', 'Could not parse the multipart body'));
    }
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, stream, info) => {
      try {
        checkMime(info.mimeType);
      } catch (err) {
        stream.resume();
        return fail(/** @type {Error} */ (err));
      }
      written = streamToFile(stream, file, limit).then((r) => ({ ...r, mime: info.mimeType }));
      written.catch(fail);
    });
    bb.on('error', () => fail(storageError('400', 'InvalidRequest', 'Could not parse the multipart body')));
    bb.on('close', async () => {
      if (settled) return;
      if (!written) return fail(storageError('400', 'InvalidRequest', 'No file in the multipart body'));
      try {
        const r = await written;
        const metadata = fields.metadata === undefined ? undefined : parseMetadata(fields.metadata, 'metadata');
        settled = true;
        resolve({ ...r, contentType: r.mime, cacheControl: fields.cacheControl ?? '3600', metadata });
      } catch (err) {
        await rm(file, { force: true });
        fail(/** @type {Error} */ (err));
      }
    });
    req.on('close', () => {
      if (!req.complete) fail(storageError('400', 'InvalidRequest', 'The upload was aborted'));
    });
    req.pipe(bb);
  });
}

/**
 * @param {{ pool: import('pg').Pool, key: Uint8Array, storageDir: string, anonKey: string, maxUpload?: number }} ctx
 *   `maxUpload`: the project-wide limit (supabase/config.toml storage.file_size_limit); a bucket's own may be lower.
 */
export function createStorageHandler(ctx) {
  const { pool, key, storageDir } = ctx;
  const maxUpload = ctx.maxUpload ?? MAX_UPLOAD;

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
   * @param {{ dryRun?: boolean }} [opts] dryRun: roll back even on success (a permission check).
   * @returns {Promise<T>}
   */
  async function asCaller(caller, fn, { dryRun = false } = {}) {
    const db = await pool.connect();
    try {
      await db.query('begin');
      // The role is one of three fixed names (checked in callerOf), so it is safe to splice in.
      await db.query(`set local role ${caller.role}`);
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(caller.claims)]);
      const out = await fn(db);
      await db.query(dryRun ? 'rollback' : 'commit');
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

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} _url
   * @param {string} rest Path after /storage/v1.
   */
  return async function handleStorage(req, res, _url, rest) {
    const parts = decodeSegments(rest);
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
