/**
 * The local stack on its own data: a clean restart keeps every row and does not seed twice; a stack killed with
 * SIGKILL (its Postgres and PostgREST left running as orphans, postmaster.pid left behind) is recovered by the
 * next start on the same data dir. These tests start their own stacks on their own ports and data dirs, beside
 * the stack the other integration files share, and stop everything they started on every exit path.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/supabase/database.types';
import { PROJECT_ROOT } from '@boudha/local-supabase/config';
import { isAlive, reclaimDataDir } from '@boudha/local-supabase/processes';
import { startStack, type Stack } from '@boudha/local-supabase/stack';

const TIMEOUT = 120_000;
const RESTART_DIR = path.join(PROJECT_ROOT, '.data/test-restart');
const CRASH_DIR = path.join(PROJECT_ROOT, '.data/test-crash');
const RESTART_PORTS = { apiPort: 25345, dbPort: 25346 };
const CRASH_PORTS = { apiPort: 25347, dbPort: 25348 };
const SEED_CATEGORIES = 5;

const service = (url: string, serviceRoleKey: string) =>
  createClient<Database>(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
const serviceOf = (stack: Stack) => service(stack.env.PUBLIC_SUPABASE_URL, stack.env.SUPABASE_SERVICE_ROLE_KEY);

async function count(client: ReturnType<typeof service>, table: 'categories' | 'reviews' | 'contact_submissions') {
  const { count: n, error } = await client.from(table).select('*', { count: 'exact', head: true });
  if (error) throw error;
  return n ?? 0;
}

async function waitFor(check: () => Promise<boolean>, ms: number, what: string, diagnostics = () => '') {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} within ${ms / 1000} s\n${diagnostics()}`);
}

/** Every stack and child process these tests start, so afterAll can stop whatever a failed test left. */
const running = new Set<Stack>();
const children = new Set<ChildProcess>();
/** Data dirs whose orphans (a killed stack's Postgres and PostgREST) must be reclaimed at the end. */
const orphanDirs = new Set<string>();

async function start(dataDir: string, ports: { apiPort: number; dbPort: number }) {
  const stack = await startStack({ dataDir, ...ports, quiet: true });
  running.add(stack);
  return stack;
}

async function stop(stack: Stack) {
  running.delete(stack);
  await stack.stop();
}

afterAll(async () => {
  for (const stack of [...running]) await stop(stack).catch((err) => console.error(err));
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  for (const dir of orphanDirs) {
    // The owner (the killed CLI) is dead by now, so this stops its PostgREST and Postgres if still running.
    await reclaimDataDir(path.join(dir, 'stack.pids.json'), path.join(dir, 'postgres')).catch((err) =>
      console.error(err),
    );
  }
}, TIMEOUT);

describe('the local stack across restarts and crashes', () => {
  it(
    'restarts on its data dir with every row intact and without seeding again',
    async () => {
      await rm(RESTART_DIR, { recursive: true, force: true });
      const tag = randomUUID().slice(0, 8);

      const first = await start(RESTART_DIR, RESTART_PORTS);
      expect(first.fresh).toBe(true);
      const freshMs = first.readyMs;
      const svc1 = serviceOf(first);
      const review = await svc1
        .from('reviews')
        .insert({ reviewer_name: `Restart ${tag}`, review_text: 'Still here after a restart.', rating: 4 })
        .select('id')
        .single();
      expect(review.error).toBeNull();
      const message = await svc1
        .from('contact_submissions')
        .insert({
          first_name: 'Dorje',
          last_name: 'Gurung',
          email: 'dorje@example.test',
          subject: `Restart ${tag}`,
          message: 'Is the rooftop open in winter?',
        })
        .select('id')
        .single();
      expect(message.error).toBeNull();
      const before = {
        categories: await count(svc1, 'categories'),
        reviews: await count(svc1, 'reviews'),
        contact_submissions: await count(svc1, 'contact_submissions'),
      };
      expect(before.categories).toBe(SEED_CATEGORIES);
      await stop(first);
      expect(
        await fetch(`${first.config.apiUrl}/auth/v1/health`).then(
          () => 'up',
          () => 'down',
        ),
      ).toBe('down');

      const second = await start(RESTART_DIR, RESTART_PORTS);
      const warmMs = second.readyMs;
      console.log(`[restart] ready in ${freshMs} ms on a fresh data dir, ${warmMs} ms on a warm one`);
      expect(second.fresh).toBe(false);
      // The same secrets: keys handed out before the restart still work.
      expect(second.env.SUPABASE_SERVICE_ROLE_KEY).toBe(first.env.SUPABASE_SERVICE_ROLE_KEY);
      const svc2 = serviceOf(second);
      const r = await svc2.from('reviews').select('reviewer_name, rating').eq('id', review.data!.id).single();
      expect(r.error).toBeNull();
      expect(r.data).toEqual({ reviewer_name: `Restart ${tag}`, rating: 4 });
      const m = await svc2.from('contact_submissions').select('subject, status').eq('id', message.data!.id).single();
      expect(m.error).toBeNull();
      expect(m.data).toEqual({ subject: `Restart ${tag}`, status: 'unread' });
      expect({
        categories: await count(svc2, 'categories'),
        reviews: await count(svc2, 'reviews'),
        contact_submissions: await count(svc2, 'contact_submissions'),
      }).toEqual(before);
      const seeds = await second.pool.query('select count(*)::int as n from supabase_migrations.seed_files');
      expect(seeds.rows[0].n).toBe(1);
      await stop(second);
    },
    TIMEOUT,
  );

  it(
    'recovers a data dir whose stack was killed with SIGKILL, reclaiming its orphaned processes',
    async () => {
      await rm(CRASH_DIR, { recursive: true, force: true });
      orphanDirs.add(CRASH_DIR);
      const apiUrl = `http://127.0.0.1:${CRASH_PORTS.apiPort}`;
      let output = '';
      const child = spawn(process.execPath, ['scripts/local-supabase/cli.mjs'], {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          DATA_DIR: '.data/test-crash',
          LOCAL_SUPABASE_PORT: String(CRASH_PORTS.apiPort),
          LOCAL_DB_PORT: String(CRASH_PORTS.dbPort),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));

      // The keys are made (secrets.json) before anything starts; /auth/v1 wants one, as on Supabase.
      const secretsFile = path.join(CRASH_DIR, 'secrets.json');
      await waitFor(
        async () => {
          if (child.exitCode !== null || !existsSync(secretsFile)) return false;
          const { anonKey } = JSON.parse(await readFile(secretsFile, 'utf8'));
          return (await fetch(`${apiUrl}/auth/v1/health`, { headers: { apikey: anonKey } })).status === 200;
        },
        90_000,
        'the stack CLI did not answer /auth/v1/health',
        () => output,
      );
      const secrets = JSON.parse(await readFile(secretsFile, 'utf8'));
      const pids = JSON.parse(await readFile(path.join(CRASH_DIR, 'stack.pids.json'), 'utf8'));
      expect(pids.owner).toBe(child.pid);
      expect(isAlive(pids.postgres)).toBe(true);
      expect(isAlive(pids.postgrest)).toBe(true);

      const tag = randomUUID().slice(0, 8);
      const before = await service(apiUrl, secrets.serviceRoleKey)
        .from('reviews')
        .insert({ reviewer_name: `Crash ${tag}`, review_text: 'Written just before the crash.' })
        .select('id')
        .single();
      expect(before.error).toBeNull();

      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      // Nothing cleaned up after the kill: both servers are orphans and postmaster.pid is still there.
      expect(isAlive(pids.postgres)).toBe(true);
      expect(isAlive(pids.postgrest)).toBe(true);
      expect(existsSync(path.join(CRASH_DIR, 'postgres', 'postmaster.pid'))).toBe(true);

      const recovered = await start(CRASH_DIR, CRASH_PORTS);
      expect(recovered.fresh).toBe(false);
      expect(isAlive(pids.postgres)).toBe(false);
      expect(isAlive(pids.postgrest)).toBe(false);
      const svc = serviceOf(recovered);
      const r = await svc.from('reviews').select('reviewer_name').eq('id', before.data!.id).single();
      expect(r.error).toBeNull();
      expect(r.data?.reviewer_name).toBe(`Crash ${tag}`);
      expect(await count(svc, 'categories')).toBe(SEED_CATEGORIES);
      // And it is a working stack again: writes go through.
      const write = await svc.from('reviews').insert({ reviewer_name: `After ${tag}`, review_text: 'Back up.' });
      expect(write.error).toBeNull();
      await stop(recovered);
      expect(existsSync(path.join(CRASH_DIR, 'postgres', 'postmaster.pid'))).toBe(false);
    },
    TIMEOUT,
  );
});
