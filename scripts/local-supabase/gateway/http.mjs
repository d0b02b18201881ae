// @ts-check
/** Small HTTP helpers shared by the gateway's handlers. */

export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {Record<string, unknown>} body JSON body to answer with.
   */
  constructor(status, body) {
    super(String(body.message ?? body.msg ?? status));
    this.status = status;
    this.body = body;
  }
}

const ALLOWED_HEADERS =
  'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-upsert, ' +
  'cache-control, x-supabase-api-version, x-metadata, content-encoding';

/**
 * CORS as Supabase answers it, but reflecting the caller's Origin (so credentials could be sent) and exposing
 * the headers supabase-js reads (Content-Range for counts).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function setCors(req, res) {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin || '*');
  if (origin) res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] || ALLOWED_HEADERS);
  res.setHeader(
    'Access-Control-Expose-Headers',
    'Content-Range, Content-Location, Content-Type, Location, X-Supabase-Api-Version',
  );
  res.setHeader('Access-Control-Max-Age', '86400');
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(text ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/**
 * Reads the whole request body, refusing more than `limit` bytes.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<Buffer>}
 */
export function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, { message: 'Payload too large' }));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Parses a JSON request body into an object; an empty body is {}.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} [limit]
 * @returns {Promise<Record<string, any>>}
 */
export async function readJson(req, limit = 1_000_000) {
  const raw = await readBody(req, limit);
  if (!raw.length) return {};
  try {
    const value = JSON.parse(raw.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    /* fall through */
  }
  throw new HttpError(400, { code: 'bad_json', message: 'Could not parse request body as JSON' });
}

/**
 * The bearer token of a request, if any.
 * @param {import('node:http').IncomingMessage} req
 */
export function bearer(req) {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : undefined;
}
