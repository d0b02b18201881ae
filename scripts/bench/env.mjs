// @ts-check
/**
 * The benchmarks' environment (npm run audit, bench:build, bench:publish): each knob declared once with its
 * default, checked all at once when a benchmark starts. Each benchmark runs its own stack and site on these ports,
 * apart from npm start's and the tests'.
 */
import { envField, parseEnv } from '../../src/lib/env/schema.mjs';

export const BENCH_ENV = {
  AUDIT_SITE_PORT: envField.port(4392),
  AUDIT_SUPABASE_PORT: envField.port(25391),
  /** bench:build's stack, and bench:publish's (each its own default). */
  BENCH_SUPABASE_PORT: envField.port(),
  BENCH_SITE_PORT: envField.port(4397),
  /** Posts added to the seed (bench:build and bench:publish's middle size). */
  BENCH_POSTS: envField.whole({ fallback: 1000 }),
  /** bench:build: how many of those posts carry a photo (at most one in ten). */
  BENCH_IMAGE_POSTS: envField.whole(),
  /** bench:build: rounds of its three timed builds (the median ratio counts). */
  BENCH_ROUNDS: envField.whole({ min: 1, fallback: 3 }),
  /** bench:build: print each build's output. */
  BENCH_VERBOSE: envField.flag(),
  /** bench:publish: edits timed per size, incremental and full, and the largest size. */
  BENCH_EDITS: envField.whole({ min: 1, fallback: 20 }),
  BENCH_FULL_EDITS: envField.whole({ fallback: 5 }),
  BENCH_LARGE_POSTS: envField.whole({ fallback: 10_000 }),
  BENCH_LARGE_EDITS: envField.whole({ fallback: 10 }),
  BENCH_LARGE_FULL_EDITS: envField.whole({ fallback: 3 }),
  /**
   * bench:publish: the length of each generated post's text, in bytes (about; 0, the default, keeps the short text
   * the goals were first measured with). The seeded posts are 2-4 KB: with 4000, the growth is measured with posts
   * of their length.
   */
  BENCH_POST_BYTES: envField.whole({ fallback: 0 }),
};

export const benchEnvironment = () => parseEnv('The benchmark', BENCH_ENV);
