// @ts-check
/**
 * Storage's rules for one object, apart from any route: its key, its metadata, Storage's error shape, and an
 * upload received (multipart through busboy, or a raw body) into a file within a size limit and the bucket's MIME
 * types, never held in memory.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import busboy from 'busboy';
import { HttpError } from '../http.mjs';

/** Storage's project-wide upload limit when the stack is given none (hosted Supabase's default, 50 MiB). */
export const MAX_UPLOAD = 50 * 1024 * 1024;
/** Room for the multipart framing and fields around the file. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * @param {string} statusCode
 * @param {string} error
 * @param {string} message
 * @param {number} [httpStatus]
 */
export function storageError(statusCode, error, message, httpStatus = 400) {
  return new HttpError(httpStatus, { statusCode, error, message });
}

export const tooLarge = () => storageError('413', 'Payload too large', 'The object exceeded the maximum allowed size');

/**
 * Object keys as Storage accepts them: relative, no empty, '.' or '..' segments, no control characters.
 * @param {string} name
 */
export function checkObjectName(name) {
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
export function receiveUpload(req, { file, limit, checkMime }) {
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
