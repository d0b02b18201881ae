/**
 * The local gateway's /functions/v1: a function keeps the platform's JWT check (verify_jwt) unless it is marked
 * public, as the guest-message functions are (plain HTML forms post to them without any header, D22); a handler
 * may answer a web Response as it is (a 303 with its Location).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUBLIC_CONCURRENT, createFunctionsHandler, type FunctionHandler } from '../gateway/functions.mjs';
import { keyOf, signAccessToken } from '../gateway/jwt.mjs';
import { HttpError, sendJson } from '../gateway/http.mjs';

const key = keyOf('a-test-secret-of-at-least-thirty-two-characters');
let base = '';
let server: http.Server;
const waiting: Array<() => void> = [];
const seen: Array<{ name: string; claims: Record<string, unknown>; remoteAddress: string; body: string }> = [];

beforeAll(async () => {
  const protectedFn: FunctionHandler = async (req) => {
    seen.push({
      name: 'protected',
      claims: req.claims,
      remoteAddress: req.remoteAddress ?? '',
      body: String(req.body),
    });
    return { status: 200, body: { ok: true } };
  };
  const publicFn: FunctionHandler = async (req) => {
    seen.push({ name: 'public', claims: req.claims, remoteAddress: req.remoteAddress ?? '', body: String(req.body) });
    return new Response(null, { status: 303, headers: { Location: 'http://site.test/thank-you/' } });
  };
  publicFn.verifyJwt = false;
  // A public function that takes at most 1 KB, answering how much it got; and one that waits until released.
  const smallFn: FunctionHandler = async (req) => ({ status: 200, body: { bytes: req.body.length } });
  smallFn.verifyJwt = false;
  smallFn.maxBodyBytes = 1024;
  const slowFn: FunctionHandler = async () => {
    await new Promise<void>((r) => waiting.push(r));
    return { status: 200, body: { ok: true } };
  };
  slowFn.verifyJwt = false;
  const handle = createFunctionsHandler({
    key,
    maxBodyBytes: 5 * 1024 * 1024,
    functions: new Map([
      ['protected', protectedFn],
      ['public', publicFn],
      ['small', smallFn],
      ['slow', slowFn],
    ]),
  });
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      await handle(req, res, url, url.pathname.replace(/^\/functions\/v1/, ''));
    } catch (err) {
      if (err instanceof HttpError) sendJson(res, err.status, err.body, err.headers);
      else sendJson(res, 500, { message: String(err) });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1`;
});

afterAll(() => new Promise((r) => server.close(r)));

describe('gateway functions', () => {
  it('keep the JWT check for every function not marked public', async () => {
    expect((await fetch(`${base}/protected`, { method: 'POST' })).status).toBe(401);
    const bad = await fetch(`${base}/protected`, { method: 'POST', headers: { Authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    const token = await signAccessToken({ role: 'anon' }, key);
    const ok = await fetch(`${base}/protected`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ name: 'protected', claims: { role: 'anon' } });
  });

  it('let a plain form post through to a public function, and send its Response as it is', async () => {
    const res = await fetch(`${base}/public`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=pema%40mail.example',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://site.test/thank-you/');
    expect(seen.at(-1)).toEqual({
      name: 'public',
      claims: {},
      remoteAddress: '127.0.0.1',
      body: 'email=pema%40mail.example',
    });
  });

  it('read no more than a public function takes, and let it answer a bigger body in its own words (#26)', async () => {
    const res = await fetch(`${base}/small`, { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) });
    // The function saw one byte over its limit, never the 2 MB (so it can answer its own 413).
    expect(await res.json()).toEqual({ bytes: 1025 });
    const fits = await fetch(`${base}/small`, { method: 'POST', body: 'x'.repeat(100) });
    expect(await fits.json()).toEqual({ bytes: 100 });
  });

  it(`handle at most ${MAX_PUBLIC_CONCURRENT} public requests at once; more get 503 with Retry-After`, async () => {
    const held = Array.from({ length: MAX_PUBLIC_CONCURRENT }, () => fetch(`${base}/slow`, { method: 'POST' }));
    await expect.poll(() => waiting.length).toBe(MAX_PUBLIC_CONCURRENT);
    const extra = await fetch(`${base}/slow`, { method: 'POST' });
    expect(extra.status).toBe(503);
    expect(extra.headers.get('retry-after')).toBe('2');
    for (const release of waiting.splice(0)) release();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual(Array(MAX_PUBLIC_CONCURRENT).fill(200));
    // Once they are done, the next is taken again.
    const after = fetch(`${base}/slow`, { method: 'POST' });
    await expect.poll(() => waiting.length).toBe(1);
    waiting.splice(0).forEach((r) => r());
    expect((await after).status).toBe(200);
  });
});
