// @ts-check
/**
 * Who a storage request acts as, and the database work done as that role with its JWT claims, so the policies on
 * storage.objects in supabase/migrations decide, as on Supabase; where a bucket's objects lie on disk.
 */
import path from 'node:path';
import { bearer } from '../http.mjs';
import { verify } from '../jwt.mjs';
import { storageError } from './objects.mjs';

/**
 * @param {{ pool: import('pg').Pool, key: Uint8Array, storageDir: string }} ctx
 */
export function createAccess(ctx) {
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

  return { callerOf, asCaller, bucket, fileOf };
}
