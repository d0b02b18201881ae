/**
 * The production rebuild-site function's logic (supabase/functions/_shared/rebuild.ts, which the Deno entry
 * points wrap) against the real local stack, and the production build script that takes its row to the end.
 * The build hook is the one outside service here: a recording stand-in for GitHub's dispatch API.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it } from 'vitest';
import { handleRebuild, type RebuildDeps } from '../../supabase/functions/_shared/rebuild';
import { anonClient, serviceClient, signedInClient, stackInfo } from '../helpers/supabase';

const HOOK = 'https://api.github.com/repos/hotel/site/dispatches';
let hookCalls: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];
let hookStatus = 204;

const deps = (): RebuildDeps => {
  const s = stackInfo();
  return {
    supabaseUrl: s.url,
    anonKey: s.anonKey,
    serviceRoleKey: s.serviceRoleKey,
    buildHookUrl: HOOK,
    githubToken: 'gh-test-token',
    createClient,
    fetch: (async (url: URL, init: RequestInit) => {
      hookCalls.push({
        url: String(url),
        headers: init.headers as Record<string, string>,
        body: JSON.parse(String(init.body)),
      });
      return new Response(hookStatus === 204 ? null : 'Bad credentials', { status: hookStatus });
    }) as typeof fetch,
  };
};

async function call(token: string | null, method = 'POST') {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await handleRebuild(
    new Request('http://functions/rebuild-site', { method, headers, body: method === 'POST' ? '{}' : undefined }),
    deps(),
  );
  return { status: res.status, body: res.status === 200 ? await res.text() : await res.json() };
}

const tokenOf = async ({ client }: Awaited<ReturnType<typeof signedInClient>>) =>
  (await client.auth.getSession()).data.session!.access_token;

beforeEach(async () => {
  hookCalls = [];
  hookStatus = 204;
  // Leave no build waiting from an earlier test.
  await serviceClient().from('site_builds').update({ status: 'failed', error: 'test reset' }).eq('status', 'queued');
});

describe('rebuild-site (production)', () => {
  it('refuses anon and non-admin callers without calling the hook', async () => {
    expect(await call(null)).toEqual({ status: 401, body: { error: 'Sign in as an admin to publish the site.' } });
    expect(await call(stackInfo().anonKey)).toEqual({
      status: 401,
      body: { error: 'Sign in as an admin to publish the site.' },
    });
    const user = await signedInClient('none');
    expect(await call(await tokenOf(user))).toEqual({
      status: 403,
      body: { error: 'Only admins can publish the site.' },
    });
    expect(hookCalls).toHaveLength(0);
    expect((await call(null, 'OPTIONS')).status).toBe(200);
  });

  it('records a queued build for an admin, dispatches once, and lets later requests join it', async () => {
    const admin = await signedInClient('admin');
    const token = await tokenOf(admin);
    const first = await call(token);
    expect(first.status).toBe(202);
    expect(first.body.coalesced).toBe(false);
    const again = await Promise.all([call(token), call(token), call(token)]);
    expect(again.every((r) => r.status === 202 && r.body.coalesced && r.body.build.id === first.body.build.id)).toBe(
      true,
    );
    expect(hookCalls).toEqual([
      {
        url: HOOK,
        headers: expect.objectContaining({ Authorization: 'Bearer gh-test-token' }),
        body: { event_type: 'rebuild-site', client_payload: { build_id: first.body.build.id } },
      },
    ]);
    const { data: row } = await serviceClient().from('site_builds').select().eq('id', first.body.build.id).single();
    expect(row).toMatchObject({ status: 'queued', trigger: 'admin', requested_by: admin.id });
  });

  it('joins the queued build when two first requests race (one waiting build at most)', async () => {
    const token = await tokenOf(await signedInClient('admin'));
    const results = await Promise.all(Array.from({ length: 5 }, () => call(token)));
    expect(results.every((r) => r.status === 202)).toBe(true);
    expect(new Set(results.map((r) => r.body.build.id)).size).toBe(1);
    expect(hookCalls.length).toBeLessThanOrEqual(1);
    const { count } = await serviceClient()
      .from('site_builds')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'queued');
    expect(count).toBe(1);
  });

  it('fails a queued build the host never took, instead of letting it absorb every publish', async () => {
    const db = serviceClient();
    const { data: stale } = await db
      .from('site_builds')
      .insert({ status: 'queued', trigger: 'admin', requested_at: new Date(Date.now() - 3_600_000).toISOString() })
      .select('id')
      .single();
    const res = await call(stackInfo().serviceRoleKey);
    expect(res.status).toBe(202);
    expect(res.body.coalesced).toBe(false);
    expect(res.body.build.id).not.toBe(stale!.id);
    expect(hookCalls).toHaveLength(1);
    const { data: row } = await db.from('site_builds').select('status, error').eq('id', stale!.id).single();
    expect(row).toEqual({ status: 'failed', error: 'The build host never started this build.' });
  });

  it('marks the build failed with the hook’s answer when the hook refuses', async () => {
    hookStatus = 401;
    const res = await call(stackInfo().serviceRoleKey);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('The build hook answered 401: Bad credentials');
    const { data: row } = await serviceClient().from('site_builds').select().eq('id', res.body.build.id).single();
    expect(row).toMatchObject({
      status: 'failed',
      trigger: 'cli',
      error: 'The build hook answered 401: Bad credentials',
    });
  });

  it('is taken from queued to succeeded by the production build script', async () => {
    const s = stackInfo();
    const queued = await call(s.serviceRoleKey);
    const outDir = path.join(s.dataDir, 'deploy-dist');
    await rm(outDir, { recursive: true, force: true });
    await promisify(execFile)(process.execPath, ['scripts/deploy-build.mjs', 'run'], {
      env: {
        ...process.env,
        PUBLIC_SUPABASE_URL: s.url,
        PUBLIC_SUPABASE_ANON_KEY: s.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: s.serviceRoleKey,
        SITE_URL: 'https://boudhamandala.example',
        ASTRO_OUT_DIR: outDir,
      },
      maxBuffer: 20_000_000,
    });
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(true);
    const { data: row, error: anonError } = await anonClient()
      .from('site_builds')
      .select()
      .eq('id', queued.body.build.id);
    expect([row, anonError?.code]).toEqual([null, '42501']); // builds are staff-only: anon has no grant
    const { data: done } = await serviceClient().from('site_builds').select().eq('id', queued.body.build.id).single();
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(done!.page_count).toBeGreaterThan(20);
    expect(done!.duration_ms).toBeGreaterThan(0);
    expect(done!.log_tail).toContain('page(s) built');
  }, 120_000);
});
