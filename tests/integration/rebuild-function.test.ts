/**
 * The production rebuild-site function's logic (supabase/functions/_shared/rebuild.ts, which the Deno entry
 * points wrap) against the real local stack, with both kinds of API key (the legacy JWT keys and the new
 * `sb_publishable_…` / `sb_secret_…` ones), and the production scripts that take its row to the end
 * (deploy-build) or make its admins (admin:create). The build hook is the one outside service here: a recording
 * stand-in for GitHub's dispatch API.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it } from 'vitest';
import { handleRebuild, type RebuildDeps } from '../../supabase/functions/_shared/rebuild';
import { anonClient, serviceClient, signedInClient, stackInfo } from '../helpers/supabase';

const HOOK = 'https://api.github.com/repos/hotel/site/dispatches';
let hookCalls: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];
let hookStatus = 204;

/** The function's dependencies as serve.ts makes them on a project with both kinds of key: secret key first. */
const deps = (overrides: Partial<RebuildDeps> = {}): RebuildDeps => {
  const s = stackInfo();
  return {
    supabaseUrl: s.url,
    anonKey: s.anonKey,
    serviceKeys: [s.secretKey, s.serviceRoleKey],
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
    ...overrides,
  };
};

async function call(token: string | null, method = 'POST') {
  return callWith(token ? { Authorization: `Bearer ${token}` } : {}, {}, method);
}

/** A request with the given headers (`Authorization`, `apikey`), as supabase-js or curl would send it. */
async function callWith(headers: Record<string, string>, overrides: Partial<RebuildDeps> = {}, method = 'POST') {
  const res = await handleRebuild(
    new Request('http://functions/rebuild-site', {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: method === 'POST' ? '{}' : undefined,
    }),
    deps(overrides),
  );
  return { status: res.status, body: res.status === 200 ? await res.text() : await res.json() };
}

const run = promisify(execFile);

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

  it('takes a secret key (sb_secret_…) as the CLI, in the apikey header (as supabase-js sends it) or as the bearer', async () => {
    const s = stackInfo();
    const refused = { status: 401, body: { error: 'Sign in as an admin to publish the site.' } };
    // The publishable key, a made-up secret key, and a secret key the function was not given: no build.
    expect(await callWith({ apikey: s.publishableKey })).toEqual(refused);
    expect(await callWith({ apikey: 'sb_secret_not-a-real-key-0000000000' })).toEqual(refused);
    expect(await callWith({ apikey: s.secretKey }, { serviceKeys: [s.serviceRoleKey] })).toEqual(refused);
    expect(hookCalls).toHaveLength(0);

    // supabase-js sends a new-style key in `apikey` only when it invokes a function.
    const first = await callWith({ apikey: s.secretKey });
    expect(first.status).toBe(202);
    expect(first.body.coalesced).toBe(false);
    // The key as the bearer, and `apikey` beside a token the platform may have put in `Authorization`.
    const again = await callWith({ Authorization: `Bearer ${s.secretKey}` });
    const beside = await callWith({ apikey: s.secretKey, Authorization: `Bearer ${s.anonKey}` });
    for (const r of [again, beside]) expect(r).toMatchObject({ status: 202, body: { coalesced: true } });
    expect([again.body.build.id, beside.body.build.id]).toEqual([first.body.build.id, first.body.build.id]);
    // With only the secret key (legacy keys off), the function still records the build with it.
    const onlySecret = await callWith({ apikey: s.secretKey }, { serviceKeys: [s.secretKey] });
    expect(onlySecret.body.build.id).toBe(first.body.build.id);

    expect(hookCalls).toHaveLength(1);
    expect(hookCalls[0].headers).toMatchObject({
      'User-Agent': 'boudha-mandala-rebuild-site',
      'X-GitHub-Api-Version': '2022-11-28',
    });
    const { data: row } = await serviceClient().from('site_builds').select().eq('id', first.body.build.id).single();
    expect(row).toMatchObject({ status: 'queued', trigger: 'cli', requested_by: null });
  });

  it('makes an admin with admin:create and a secret key, who publishes through the publishable key', async () => {
    const s = stackInfo();
    const email = `keys-${randomUUID().slice(0, 8)}@test.example`;
    const password = `pw-${randomUUID()}`;
    const { stdout } = await run(
      process.execPath,
      ['scripts/admin-create.mjs', '--email', email, '--password', password],
      { env: { ...process.env, PUBLIC_SUPABASE_URL: s.url, SUPABASE_SERVICE_ROLE_KEY: s.secretKey } },
    );
    expect(stdout).toMatch(new RegExp(`^Created ${email} \\(.+\\) with role admin\\.`));

    const staff = createClient(s.url, s.publishableKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data: session, error } = await staff.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    // As supabase-js invokes it: the user's token as the bearer, the publishable key in `apikey`.
    const res = await callWith(
      { Authorization: `Bearer ${session.session!.access_token}`, apikey: s.publishableKey },
      { anonKey: s.publishableKey, serviceKeys: [s.secretKey] },
    );
    expect(res.status).toBe(202);
    const { data: row } = await serviceClient().from('site_builds').select().eq('id', res.body.build.id).single();
    expect(row).toMatchObject({ status: 'queued', trigger: 'admin', requested_by: session.user!.id });
  });

  it('decides before any install whether the hourly run has anything to publish (deploy-build due)', async () => {
    const s = stackInfo();
    const db = serviceClient();
    const output = path.join(s.dataDir, `due-${randomUUID().slice(0, 8)}.out`);
    const due = async (extra: Record<string, string | undefined>) => {
      await rm(output, { force: true });
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PUBLIC_SUPABASE_URL: s.url,
        PUBLIC_SUPABASE_ANON_KEY: s.publishableKey,
        SUPABASE_SERVICE_ROLE_KEY: s.secretKey,
        BUILD_TRIGGER: 'schedule',
        GITHUB_OUTPUT: output,
        ...extra,
      };
      for (const [k, v] of Object.entries(extra)) if (v === undefined) delete env[k];
      await run(process.execPath, ['scripts/deploy-build.mjs', 'due'], { env });
      return (await readFile(output, 'utf8')).trim();
    };

    // A build just succeeded and nothing is queued: the hour brought nothing.
    const startedAt = new Date(Date.now() - 1000).toISOString();
    await db.from('site_builds').insert({
      status: 'succeeded',
      trigger: 'schedule',
      started_at: startedAt,
      finished_at: new Date().toISOString(),
    });
    expect(await due({})).toBe('due=false');
    // Push, dispatch and manual runs always build.
    expect(await due({ BUILD_TRIGGER: 'deploy' })).toBe('due=true');

    // A scheduled post's time came after that build started: build, with either kind of key.
    const slug = `due-${randomUUID().slice(0, 8)}`;
    const { error } = await db
      .from('blog_posts')
      .insert({ slug, title: 'Due now', content: 'x', is_published: true, published_date: new Date().toISOString() });
    expect(error).toBeNull();
    try {
      expect(await due({})).toBe('due=true');
      expect(await due({ PUBLIC_SUPABASE_ANON_KEY: s.anonKey, SUPABASE_SERVICE_ROLE_KEY: s.serviceRoleKey })).toBe(
        'due=true',
      );
      // Without the service key (no build history), the last 65 minutes count.
      expect(await due({ SUPABASE_SERVICE_ROLE_KEY: undefined })).toBe('due=true');
      // A build waiting in the queue is built too (its dispatch may have been lost).
      await db.from('blog_posts').delete().eq('slug', slug);
      const { data: queued } = await db
        .from('site_builds')
        .insert({ status: 'queued', trigger: 'admin' })
        .select('id')
        .single();
      expect(await due({})).toBe('due=true');
      await db.from('site_builds').update({ status: 'failed', error: 'test' }).eq('id', queued!.id);
      expect(await due({})).toBe('due=false');
    } finally {
      await db.from('blog_posts').delete().eq('slug', slug);
      await rm(output, { force: true });
    }
  });

  it('is taken from queued to succeeded by the production build script', async () => {
    const s = stackInfo();
    const queued = await call(s.serviceRoleKey);
    const outDir = path.join(s.dataDir, 'deploy-dist');
    await rm(outDir, { recursive: true, force: true });
    await run(process.execPath, ['scripts/deploy-build.mjs', 'run'], {
      env: {
        ...process.env,
        PUBLIC_SUPABASE_URL: s.url,
        PUBLIC_SUPABASE_ANON_KEY: s.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: s.serviceRoleKey,
        SITE_URL: 'https://boudhamandala.example',
        ASTRO_OUT_DIR: outDir,
        // A host limit the seeded site is near: the build warns, and still deploys.
        HOST_FILE_LIMIT: '60',
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
    expect(done!.log_tail).toMatch(/\[warning\] dist\/ has \d+ files; the host takes at most 60 in one deployment/);

    // Recorded once: the workflow's always-run step (or a retried run) cannot turn a deployed build into a failure.
    await run(process.execPath, ['scripts/deploy-build.mjs', 'finish', '--status', 'failed', '--error', 'late'], {
      env: { ...process.env, PUBLIC_SUPABASE_URL: s.url, SUPABASE_SERVICE_ROLE_KEY: s.secretKey },
    });
    const { data: after } = await serviceClient().from('site_builds').select().eq('id', queued.body.build.id).single();
    expect(after).toMatchObject({ status: 'succeeded', error: null, finished_at: done!.finished_at });
  }, 120_000);

  it("records a failed build's cause in one line, not its stack trace", async () => {
    const s = stackInfo();
    const queued = await call(s.serviceRoleKey);
    const outDir = path.join(s.dataDir, 'deploy-dist-bad');
    const failed = await run(process.execPath, ['scripts/deploy-build.mjs', 'run'], {
      env: {
        ...process.env,
        PUBLIC_SUPABASE_URL: s.url,
        PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_not-this-projects-key',
        SUPABASE_SERVICE_ROLE_KEY: s.secretKey,
        SITE_URL: 'https://boudhamandala.example',
        ASTRO_OUT_DIR: outDir,
      },
      maxBuffer: 20_000_000,
    }).then(
      () => 0,
      (err: { code?: number }) => err.code ?? -1,
    );
    expect(failed).toBe(1);
    const { data: row } = await serviceClient().from('site_builds').select().eq('id', queued.body.build.id).single();
    expect(row!.status).toBe('failed');
    expect(row!.error).toMatch(/^astro build exited with code 1: Build-time read of \w+ failed: Invalid API key$/);
    expect(row!.log_tail).toContain('Stack trace');
    // Refused before Vite bundled anything (checkBuildKey, #28), not after.
    expect(row!.log_tail).not.toContain('entrypoints');
    await rm(outDir, { recursive: true, force: true });
  }, 120_000);
});
