/**
 * The unit project runs its files in shared module graphs (isolate: false, vitest.config.ts): a file that mocks a
 * module would change it for every file after it on that worker. Each file that mocks must be one of
 * MOCKING_UNIT_TESTS, which run apart (unit-isolated).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

describe('the unit projects', () => {
  it('run every file that mocks a module apart from the shared ones', () => {
    const mocking = readdirSync(new URL('tests/unit/', root))
      .filter((f) => f.endsWith('.test.ts'))
      .filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(new URL(`tests/unit/${f}`, root), 'utf8')))
      .map((f) => `tests/unit/${f}`);
    const config = readFileSync(new URL('vitest.config.ts', root), 'utf8');
    const listed = /const MOCKING_UNIT_TESTS = \[([^\]]*)\]/.exec(config)?.[1] ?? '';
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((f) => !listed.includes(`'${f}'`))).toEqual([]);
  });
});
