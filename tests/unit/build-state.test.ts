/**
 * What a build keeps in its process (src/lib/content/release-plan.ts, #28): the publisher's warm builder runs many
 * builds in one process and imports each build's pages anew, so a build's data must go when it ends, and results
 * kept between builds must be the ones the last build used, no more.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildScoped, endBuildState, keptBetweenBuilds, resetBuildState } from '../../src/lib/content/release-plan';

afterEach(() => resetBuildState());

describe('buildScoped', () => {
  it('makes a value once per build, shared by every caller, and forgets it when the build ends', () => {
    const scoped = buildScoped<{ n: number }>();
    let made = 0;
    const make = () => ({ n: ++made });
    const first = scoped(make);
    expect(scoped(make)).toBe(first);
    expect(made).toBe(1);
    endBuildState();
    expect(scoped(make)).toEqual({ n: 2 });
  });

  it('keeps each scoped value apart', () => {
    const a = buildScoped<string>();
    const b = buildScoped<string>();
    expect([a(() => 'a'), b(() => 'b')]).toEqual(['a', 'b']);
  });
});

describe('keptBetweenBuilds', () => {
  it('reuses a result in the next build, shared by name, and drops one the last build did not use', () => {
    // Two copies, as two builds' bundles each import their own module.
    const first = keptBetweenBuilds<string>('test');
    const second = keptBetweenBuilds<string>('test');
    const made: string[] = [];
    const make = (k: string) => () => (made.push(k), k.toUpperCase());
    expect(first('a', make('a'))).toBe('A');
    expect(first('b', make('b'))).toBe('B');
    endBuildState();
    // The next build uses a again (kept), not b.
    expect(second('a', make('a'))).toBe('A');
    endBuildState();
    expect(second('a', make('a'))).toBe('A');
    expect(second('b', make('b'))).toBe('B');
    expect(made).toEqual(['a', 'b', 'b']);
  });
});
