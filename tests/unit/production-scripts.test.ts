/**
 * What the production scripts say before they reach anything: a full build is not offered for the hosted site
 * through `npm run publish -- --force` (production builds on the host; the Deploy workflow's "Render every page" is
 * the way), and a legacy JWT key for a hosted project draws the deprecation notice.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const legacy = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl';
const hosted = { PUBLIC_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co' };

async function script(file: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, [file, ...args], { env: { ...process.env, ...env }, timeout: 20_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

describe('production scripts', () => {
  it('refuses publish --force for a hosted project, naming the way that works', async () => {
    const r = await script('scripts/publish.mjs', ['--force'], {
      ...hosted,
      SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_example',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--force asks the local publisher (npm start) for a full build');
    expect(r.stderr).toContain('Render every page');
  });

  it('prints the deprecation of a legacy key given for a hosted project', async () => {
    const r = await script('scripts/publish.mjs', ['--force'], { ...hosted, SUPABASE_SERVICE_ROLE_KEY: legacy });
    expect(r.stderr).toContain(
      'deprecation: SUPABASE_SERVICE_ROLE_KEY is a legacy JWT API key: it works, but Supabase deprecates the legacy ' +
        'keys at the end of 2026.',
    );
  });

  it('prints it from the deploy script too, before anything is installed', async () => {
    const r = await script('scripts/deploy-build.mjs', ['due'], {
      ...hosted,
      PUBLIC_SUPABASE_ANON_KEY: legacy,
      SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_example',
      GITHUB_ACTIONS: 'true',
      BUILD_TRIGGER: 'deploy',
      GITHUB_OUTPUT: '',
    });
    expect(r.stderr).toContain('::warning title=Legacy API key::PUBLIC_SUPABASE_ANON_KEY is a legacy JWT API key');
    expect(r.stderr).not.toContain('SUPABASE_SERVICE_ROLE_KEY is a legacy');
  });

  it('runs `due` and `finish` from scripts/ alone, nothing installed, as the scheduled-posts workflow does', async () => {
    // .github/workflows/scheduled-posts.yml checks out scripts/ only and runs `due` before any npm install.
    const dir = await mkdtemp(path.join(tmpdir(), 'deploy-sparse-'));
    try {
      await cp('scripts', path.join(dir, 'scripts'), { recursive: true, filter: (f) => !f.includes('node_modules') });
      const output = path.join(dir, 'github-output');
      const due = await script(path.join(dir, 'scripts/deploy-build.mjs'), ['due'], {
        BUILD_TRIGGER: 'deploy',
        GITHUB_OUTPUT: output,
        // Malformed for a build, and no concern of `due` or `finish`.
        SITE_URL: 'www.hotel.example',
        HOST_FILE_LIMIT: '20,000',
      });
      expect(due.stderr).toBe('');
      expect(due.code).toBe(0);
      expect(await readFile(output, 'utf8')).toBe('due=true\n');
      const finish = await script(path.join(dir, 'scripts/deploy-build.mjs'), ['finish', '--status', 'failed'], {
        SITE_URL: 'www.hotel.example',
      });
      expect(finish.code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
