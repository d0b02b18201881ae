/**
 * One environment schema per runtime (src/lib/env/schema.mjs): defaults when unset, every problem named at once,
 * and each runtime's command refusing to start on a malformed variable before it starts anything.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, envField, parseEnv } from '../../src/lib/env/schema.mjs';
import { BUILD_ENV, buildEnvironment } from '../../src/lib/env/build.mjs';
import { STACK_ENV, stackEnvironment } from '@boudha/local-supabase/env';
import { PUBLISHER_ENV } from '@boudha/publisher/env';

const root = path.resolve(import.meta.dirname, '../..');

describe('parseEnv', () => {
  const shape = {
    PORT: envField.port(4321),
    LIMIT: envField.whole({ min: 1, fallback: 10 }),
    ON: envField.flag(),
    URL: envField.url(),
    FORMAT: envField.oneOf(['netlify', 'cloudflare'], 'netlify'),
  };

  it('gives each default when a variable is unset or empty, and reads the set ones', () => {
    expect(parseEnv('t', shape, {})).toEqual({ PORT: 4321, LIMIT: 10, ON: false, URL: undefined, FORMAT: 'netlify' });
    expect(parseEnv('t', shape, { PORT: ' 8080 ', LIMIT: '', ON: 'yes', URL: 'https://hotel.example' })).toEqual({
      PORT: 8080,
      LIMIT: 10,
      ON: true,
      URL: 'https://hotel.example',
      FORMAT: 'netlify',
    });
  });

  it('names every problem at once, with what was given', () => {
    let error: unknown;
    try {
      parseEnv('The local stack', shape, { PORT: '70000', LIMIT: '0', ON: 'maybe', URL: 'ftp://x', FORMAT: 'vercel' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const { message, problems } = error as EnvError;
    expect(message).toMatch(/^The local stack: the environment has 5 problems:/);
    expect(problems).toEqual([
      'PORT must be a port number (1–65535), got "70000"',
      'LIMIT must be a whole number of at least 1, got "0"',
      'ON must be 1 or 0, got "maybe"',
      'URL must be an http(s) URL, got "ftp://x"',
      'FORMAT must be one of netlify, cloudflare, got "vercel"',
    ]);
  });

  it('names a required variable that is missing', () => {
    expect(() => parseEnv('deploy', shape, {}, { URL: true })).toThrow(/URL is not set/);
  });
});

describe('the runtimes’ schemas', () => {
  it('declare each variable once across the stack, the publisher and the build', () => {
    const names = [...Object.keys(STACK_ENV), ...Object.keys(PUBLISHER_ENV), ...Object.keys(BUILD_ENV)];
    // SITE_URL is the publisher's (the site it serves) and the build's (the canonical origin): the same value.
    const shared = names.filter((n, i) => names.indexOf(n) !== i);
    expect(shared).toEqual(['SITE_URL']);
  });

  it('refuse malformed values with their names', () => {
    expect(() => stackEnvironment({ LOCAL_DB_PORT: 'db', LOCAL_SUPABASE_MAX_BODY_BYTES: '0' })).toThrow(
      /LOCAL_DB_PORT must be a port number[\s\S]*LOCAL_SUPABASE_MAX_BODY_BYTES must be a whole number of at least 1/,
    );
    expect(() => buildEnvironment({ REDIRECTS_FORMAT: 'vercel', SITE_URL: 'hotel.example' })).toThrow(
      /SITE_URL must be an http\(s\) URL[\s\S]*REDIRECTS_FORMAT must be one of netlify, cloudflare/,
    );
  });

  it('npm start names every problem of both its runtimes and exits before starting anything', () => {
    const run = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, SITE_PORT: 'web', LOCAL_DB_PORT: '99999', BUILD_TIMEOUT_MS: 'soon' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('npm start: the environment has 3 problems');
    expect(run.stderr).toContain('LOCAL_DB_PORT must be a port number (1–65535), got "99999"');
    expect(run.stderr).toContain('SITE_PORT must be a port number (1–65535), got "web"');
    expect(run.stderr).toContain('BUILD_TIMEOUT_MS must be a whole number of at least 1, got "soon"');
    expect(run.stdout).not.toContain('local stack');
  });
});
