/**
 * The local stack under abuse (issue #16): /rest/v1 bodies over the limit are refused with 413 by the gateway
 * before PostgREST sees them, whether declared (Content-Length) or streamed without end; slow clients that send
 * headers and a byte of body hold no PostgREST socket and are cut off; PostgREST has a time limit to answer, and
 * its request is aborted when the client goes away. The memory (RSS) of the gateway and of PostgREST is printed
 * around the abuse and must stay flat. Every loop is bounded and talks to 127.0.0.1 only.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '@boudha/local-supabase/gateway/index';
import { resolveLimits } from '@boudha/local-supabase/gateway/limits';
import { dbClient, stackInfo } from '../helpers/supabase';
import { rssMb, sendUntilAnswered, sleep, stackPids, stalledRequest } from './abuse-helpers';

const MB = 1024 * 1024;
const mb = (bytes: number | null) => (bytes === null ? '-' : (bytes / MB).toFixed(1));
/** The limits the shared stack runs with (the defaults, unless the environment says otherwise). */
const limits = resolveLimits();
const port = () => Number(new URL(stackInfo().url).port);
const headers = (method: string, route: string, extra: string[]) =>
  [
    `${method} ${route} HTTP/1.1`,
    `Host: 127.0.0.1:${port()}`,
    `apikey: ${stackInfo().anonKey}`,
    'Content-Type: application/json',
    ...extra,
  ].join('\r\n');

function memory(label: string) {
  const pids = stackPids(stackInfo().dataDir);
  const now = { gateway: rssMb(pids.gateway), postgrest: rssMb(pids.postgrest) };
  console.log(`[memory] ${label}: gateway RSS ${now.gateway} MB, PostgREST RSS ${now.postgrest} MB`);
  return now;
}

/** A plain read through the gateway, as every visitor's page makes; resolves with its status and time. */
async function timedRead(timeoutMs: number) {
  const s = stackInfo();
  const started = Date.now();
  try {
    const res = await fetch(`${s.url}/rest/v1/categories?select=slug`, {
      headers: { apikey: s.anonKey },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  } catch {
    return { status: 0, ms: Date.now() - started };
  }
}

describe('/rest/v1 bodies over the limit', () => {
  it('refuses a declared 200 MB body with 413 at once, without reading it, and memory stays flat', async () => {
    const before = memory('before the 200 MB body');
    // Announce 200 MB and go on sending whatever the answer (at most 160 MB, at most 20 s).
    const answer = await sendUntilAnswered({
      port: port(),
      head: headers('POST', '/rest/v1/categories', [`Content-Length: ${200 * MB}`]),
      chunkBytes: 256 * 1024,
      maxBytes: 160 * MB,
      maxMs: 20_000,
      keepSending: true,
    });
    await sleep(500);
    const after = memory('after the 200 MB body');
    console.log(
      `[abuse] 200 MB declared: 413 after ${answer.answeredAfterMs} ms and ${mb(answer.bytesAtAnswer)} MB sent; ` +
        `cut off after ${answer.closedAfterMs} ms and ${mb(answer.bytesSent)} MB sent`,
    );
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('request_entity_too_large');
    // Refused from the header, before the body: what was sent by then is what the socket buffers took.
    expect(answer.answeredAfterMs).toBeLessThan(3000);
    expect(answer.bytesAtAnswer).toBeLessThan(16 * MB);
    // A client that goes on sending is cut off (a quarter second after the answer and 1 MB thrown away), far short
    // of the 160 MB it was ready to send.
    expect(answer.closedAfterMs).not.toBeNull();
    expect(answer.bytesSent).toBeLessThan(32 * MB);
    expect(after.postgrest - before.postgrest).toBeLessThan(32);
    expect(after.gateway - before.gateway).toBeLessThan(64);
  });

  it('cuts off a chunked body that never ends with 413 once it passes the limit, and memory stays flat', async () => {
    const before = memory('before the endless chunked body');
    const answer = await sendUntilAnswered({
      port: port(),
      head: headers('POST', '/rest/v1/categories', ['Transfer-Encoding: chunked']),
      chunkBytes: 64 * 1024,
      maxBytes: 160 * MB,
      maxMs: 20_000,
      chunked: true,
      keepSending: true,
    });
    await sleep(500);
    const after = memory('after the endless chunked body');
    console.log(
      `[abuse] endless chunked body: 413 after ${answer.answeredAfterMs} ms and ${mb(answer.bytesAtAnswer)} MB sent; ` +
        `cut off after ${answer.closedAfterMs} ms and ${mb(answer.bytesSent)} MB sent`,
    );
    expect(answer.status).toBe(413);
    // Read up to the limit, then refused; then cut off, far short of the 160 MB the client was ready to send.
    expect(answer.bytesAtAnswer).toBeGreaterThan(limits.maxBodyBytes);
    expect(answer.bytesAtAnswer).toBeLessThan(limits.maxBodyBytes + 16 * MB);
    expect(answer.closedAfterMs).not.toBeNull();
    expect(answer.bytesSent).toBeLessThan(limits.maxBodyBytes + 32 * MB);
    expect(after.postgrest - before.postgrest).toBeLessThan(32);
    expect(after.gateway - before.gateway).toBeLessThan(64);
  });

  it('answers a complete JSON array over the limit with 413 through fetch, as supabase-js would see it', async () => {
    const s = stackInfo();
    const rows = JSON.stringify(
      Array.from({ length: Math.ceil(limits.maxBodyBytes / 50) }, (_, i) => ({ slug: `c-${i}`, name: 'x'.repeat(40) })),
    );
    expect(rows.length).toBeGreaterThan(limits.maxBodyBytes);
    const res = await fetch(`${s.url}/rest/v1/categories`, {
      method: 'POST',
      headers: { apikey: s.anonKey, 'content-type': 'application/json' },
      body: rows,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'request_entity_too_large' });
    // Under the limit, the body goes through to PostgREST as before (anon may not insert: 401).
    const small = await fetch(`${s.url}/rest/v1/categories`, {
      method: 'POST',
      headers: { apikey: s.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'c-small', name: 'x' }),
    });
    expect(small.status).toBe(401);
    expect((await small.json()).code).toBe('42501');
  });
});

describe('slow clients on /rest/v1', () => {
  const SOCKETS = 80;
  const stall = () =>
    stalledRequest(
      port(),
      headers('POST', '/rest/v1/contact_submissions', ['Content-Length: 1000', 'Connection: keep-alive']),
      '{',
    );

  it('80 sockets that send headers and one byte of body do not stall /rest/v1, and are cut off in time', async () => {
    const before = memory('before 80 slow sockets');
    const slow = Array.from({ length: SOCKETS }, stall);
    try {
      await Promise.all(slow.map((s) => s.connected));
      await sleep(300);
      // Everyone else is served while the slow ones hang.
      const reads = await Promise.all(Array.from({ length: 5 }, () => timedRead(5000)));
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(Math.max(...reads.map((r) => r.ms))).toBeLessThan(3000);
      // The gateway gives each slow body bodyTimeoutMs, then answers 408 and closes.
      const answers = await Promise.race([
        Promise.all(slow.map((s) => s.answer)),
        sleep(limits.bodyTimeoutMs + 8000).then(() => null),
      ]);
      expect(answers, 'every slow socket closed by the gateway').not.toBeNull();
      expect(new Set(answers!.map((a) => a.status))).toEqual(new Set([408]));
      expect(Math.max(...answers!.map((a) => a.closedAfterMs))).toBeLessThan(limits.bodyTimeoutMs + 5000);
    } finally {
      for (const s of slow) s.socket.destroy();
    }
    const after = memory('after 80 slow sockets');
    expect(after.postgrest - before.postgrest).toBeLessThan(32);
    expect(after.gateway - before.gateway).toBeLessThan(64);
  }, 40_000);

  it('leaves nothing behind once slow clients go away: 70 reads at once are all answered at once', async () => {
    const slow = Array.from({ length: SOCKETS }, stall);
    await Promise.all(slow.map((s) => s.connected));
    await sleep(300);
    for (const s of slow) s.socket.destroy();
    await sleep(100);
    const reads = await Promise.all(Array.from({ length: 70 }, () => timedRead(8000)));
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    expect(Math.max(...reads.map((r) => r.ms))).toBeLessThan(5000);
    memory('after slow clients went away and 70 reads');
  }, 30_000);
});

describe('PostgREST answers late, or the client goes away', () => {
  // A second gateway on the shared stack's PostgREST and database, with a short upstream time limit and a
  // connection pool the test can look into. A table lock held by a superuser makes PostgREST's query wait.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let server: http.Server;
  let pool: pg.Pool;
  let base: string;
  const locker = dbClient();
  const UPSTREAM_TIMEOUT_MS = 2500;

  const activeUpstream = () => Object.values(agent.sockets).reduce((n, list) => n + (list?.length ?? 0), 0);

  beforeAll(async () => {
    const s = stackInfo();
    const { postgrestUrl } = stackPids(s.dataDir);
    const secrets = JSON.parse(readFileSync(path.join(s.dataDir, 'secrets.json'), 'utf8'));
    pool = new pg.Pool({ connectionString: s.databaseUrl, max: 2 });
    pool.on('error', () => {});
    server = createGateway({
      pool,
      jwtSecret: secrets.jwtSecret,
      anonKey: s.anonKey,
      serviceRoleKey: s.serviceRoleKey,
      publishableKey: s.publishableKey,
      secretKey: s.secretKey,
      apiUrl: s.url,
      storageDir: path.join(s.dataDir, 'storage'),
      postgrestUrl: () => postgrestUrl,
      functions: new Map(),
      limits: { upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS },
      restAgent: agent,
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await locker.connect();
  });

  afterAll(async () => {
    await locker.query('rollback').catch(() => {});
    await locker.end();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    agent.destroy();
    await pool.end();
  });

  async function withCategoriesLocked(fn: () => Promise<void>) {
    await locker.query('begin');
    await locker.query('lock table public.categories in access exclusive mode');
    try {
      await fn();
    } finally {
      await locker.query('rollback');
    }
  }

  it('answers 504 when PostgREST does not answer within the upstream time limit', async () => {
    await withCategoriesLocked(async () => {
      const started = Date.now();
      const res = await fetch(`${base}/rest/v1/categories?select=slug`, {
        headers: { apikey: stackInfo().anonKey },
        signal: AbortSignal.timeout(8000),
      }).catch(() => null);
      const ms = Date.now() - started;
      expect(res?.status).toBe(504);
      expect(await res?.json()).toMatchObject({ code: 'upstream_timeout' });
      expect(ms).toBeGreaterThanOrEqual(UPSTREAM_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(UPSTREAM_TIMEOUT_MS + 3000);
      // The timed-out request gave its PostgREST socket back.
      for (let i = 0; i < 20 && activeUpstream() > 0; i++) await sleep(25);
      expect(activeUpstream()).toBe(0);
    });
  });

  it('aborts the request to PostgREST as soon as the client goes away', async () => {
    await withCategoriesLocked(async () => {
      const started = Date.now();
      const controller = new AbortController();
      const pending = fetch(`${base}/rest/v1/categories?select=slug`, {
        headers: { apikey: stackInfo().anonKey },
        signal: controller.signal,
      }).catch(() => null);
      // The request reaches PostgREST and waits there on the lock.
      for (let i = 0; i < 40 && activeUpstream() === 0; i++) await sleep(25);
      expect(activeUpstream()).toBe(1);
      controller.abort();
      await pending;
      for (let i = 0; i < 20 && activeUpstream() > 0; i++) await sleep(25);
      expect(activeUpstream()).toBe(0);
      // Before the upstream time limit: it was the client leaving that ended it.
      expect(Date.now() - started).toBeLessThan(UPSTREAM_TIMEOUT_MS);
    });
  });
});
