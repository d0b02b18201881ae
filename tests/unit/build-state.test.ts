/**
 * What a build keeps in its process (src/lib/content/release-plan.ts, #28): the publisher's warm builder runs many
 * builds in one process and imports each build's pages anew, so a build's data must go when it ends, and results
 * kept between builds must be the ones the last build used, no more.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildScoped,
  endBuildState,
  keptBetweenBuilds,
  loadKeptResults,
  resetBuildState,
  saveKeptResults,
} from '../../src/lib/content/release-plan';
import { tempDirs } from '../helpers/temp-dir';

const tempDir = tempDirs();

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

describe('keptBetweenBuilds on disk', () => {
  /** Another process: nothing in memory, only the file. */
  const newProcess = () => {
    const g = globalThis as Record<symbol, unknown>;
    delete g[Symbol.for('hotel.kept-between-builds')];
    delete g[Symbol.for('hotel.kept-on-disk')];
  };
  const dir = () => tempDir('kept-results-');

  it('a process’s first build finds what an earlier process made with the same code, and only for `persist`', () => {
    newProcess();
    const file = path.join(dir(), 'kept-results.json');
    const made: string[] = [];
    const make = (k: string) => () => (made.push(k), k.toUpperCase());
    loadKeptResults(file, 'code-1');
    const kept = keptBetweenBuilds<string>('disk-test', { persist: true });
    const memoryOnly = keptBetweenBuilds<string>('memory-test');
    expect([kept('a', make('a')), memoryOnly('m', make('m'))]).toEqual(['A', 'M']);
    saveKeptResults();
    endBuildState();
    // The file holds digests of the keys, not the keys (a post's whole text).
    expect(readFileSync(file, 'utf8')).not.toContain('"a"');

    newProcess();
    loadKeptResults(file, 'code-1');
    expect([kept('a', make('a')), memoryOnly('m', make('m'))]).toEqual(['A', 'M']);
    expect(made).toEqual(['a', 'm', 'm']);

    newProcess();
    loadKeptResults(file, 'code-2');
    expect(kept('a', make('a'))).toBe('A');
    expect(made).toEqual(['a', 'm', 'm', 'a']);
  });

  it('writes in a process’s first build only, and ignores a damaged file', () => {
    newProcess();
    const file = path.join(dir(), 'kept-results.json');
    const kept = keptBetweenBuilds<string>('disk-test-2', { persist: true });
    loadKeptResults(file, 'code');
    kept('a', () => 'A');
    saveKeptResults();
    endBuildState();
    const written = readFileSync(file, 'utf8');
    loadKeptResults(file, 'code');
    kept('b', () => 'B');
    saveKeptResults();
    expect(readFileSync(file, 'utf8')).toBe(written);

    writeFileSync(file, '{"identity":"code","results":{"disk-test-2":[');
    newProcess();
    loadKeptResults(file, 'code');
    let made = 0;
    expect(kept('a', () => (made++, 'A'))).toBe('A');
    expect(made).toBe(1);
  });
});

describe('libraryIdentity', () => {
  it('changes with any file under src/lib and with the lockfile, and with nothing else', async () => {
    const { libraryIdentity } = await import('../../src/integrations/incremental-cache');
    const project = (lib: string, lock: string, page = 'a') => {
      const root = tempDir('library-identity-');
      mkdirSync(path.join(root, 'src/lib/markdown'), { recursive: true });
      mkdirSync(path.join(root, 'src/pages'), { recursive: true });
      writeFileSync(path.join(root, 'src/lib/markdown/render.ts'), lib);
      writeFileSync(path.join(root, 'src/pages/index.astro'), page);
      writeFileSync(path.join(root, 'package-lock.json'), lock);
      return libraryIdentity(root);
    };
    const base = project('render v1', 'lock v1');
    expect(project('render v1', 'lock v1', 'another page')).toBe(base);
    expect(project('render v2', 'lock v1')).not.toBe(base);
    expect(project('render v1', 'lock v2')).not.toBe(base);
  });
});
