// @ts-check
/**
 * Environment variables checked by a schema (zod), one per runtime: the site build (build.mjs here), the local
 * stack (@boudha/local-supabase/env), the publisher (@boudha/publisher/env), the production build
 * (scripts/deploy-build.mjs), the benchmarks (scripts/bench/env.mjs) and the test harness (tests/helpers/env.ts).
 * Each variable is declared once, with its default; `parseEnv` reads a runtime's variables all at once and, when
 * any is malformed or missing, fails naming every problem in one message, before anything starts.
 *
 * Node-only (build time and tooling): browser code never imports it (eslint.config.js).
 */
import * as z from 'zod';

/** An empty variable (`FOO=` in a CI file or .env) counts as unset. */
const unset = (/** @type {unknown} */ v) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * A variable's schema: its value, or undefined when it is unset and has no fallback.
 * @template T
 * @template F
 * @typedef {z.ZodType<F extends undefined ? T | undefined : T>} Variable
 */

/**
 * A variable from a schema of its text: optional without a fallback, else the fallback when unset.
 * @param {z.ZodType} schema
 * @param {unknown} [fallback]
 * @returns {any} typed by each envField helper (Variable)
 */
function variable(schema, fallback) {
  return z.preprocess(unset, fallback === undefined ? schema.optional() : schema.default(fallback));
}

/** @param {string} message */
const wholeText = (message) => z.string({ error: message }).trim().regex(/^\d+$/, message).transform(Number);

export const envField = {
  /**
   * A TCP port (1–65535).
   * @template {number | undefined} [F=undefined]
   * @param {F} [fallback]
   * @returns {Variable<number, F>}
   */
  port: (fallback) => {
    const message = 'must be a port number (1–65535)';
    return variable(
      wholeText(message).refine((n) => n >= 1 && n <= 65535, message),
      fallback,
    );
  },
  /**
   * A whole number of at least `min` (a size, a count, milliseconds).
   * @template {number | undefined} [F=undefined]
   * @param {{ min?: number, fallback?: F, note?: string }} [opts] `note`: added to the message (what 0 means).
   * @returns {Variable<number, F>}
   */
  whole: ({ min = 0, fallback, note } = {}) => {
    const message = `must be a whole number${min > 0 ? ` of at least ${min}` : ''}${note ? ` ${note}` : ''}`;
    return variable(
      wholeText(message).refine((n) => Number.isSafeInteger(n) && n >= min, message),
      fallback,
    );
  },
  /**
   * An on/off switch: 1, true, yes or on, else 0, false, no or off; off when unset.
   * @returns {Variable<boolean, false>}
   */
  flag: () =>
    variable(
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], { error: 'must be 1 or 0' }))
        .transform((v) => ['1', 'true', 'yes', 'on'].includes(v)),
      false,
    ),
  /**
   * An http(s) URL.
   * @template {string | undefined} [F=undefined]
   * @param {F} [fallback]
   * @returns {Variable<string, F>}
   */
  url: (fallback) =>
    variable(
      z
        .string()
        .trim()
        .refine((v) => /^https?:$/.test(URL.parse(v)?.protocol ?? ''), 'must be an http(s) URL'),
      fallback,
    ),
  /**
   * Any text.
   * @template {string | undefined} [F=undefined]
   * @param {F} [fallback]
   * @returns {Variable<string, F>}
   */
  text: (fallback) => variable(z.string(), fallback),
  /**
   * One of a few words.
   * @template {string} W
   * @template {W | undefined} [F=undefined]
   * @param {readonly [W, ...W[]]} words
   * @param {F} [fallback]
   * @returns {Variable<W, F>}
   */
  oneOf: (words, fallback) => variable(z.enum(words, { error: `must be one of ${words.join(', ')}` }), fallback),
};

/** A runtime's environment had malformed or missing variables; `problems` lists each, one a line. */
export class EnvError extends Error {
  /** @param {string} runtime @param {string[]} problems */
  constructor(runtime, problems) {
    const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
    super(`${runtime}: the environment has ${count}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/**
 * Reads the variables of `shape` from `source`, all at once.
 * @template {Record<string, z.ZodType>} S
 * @param {string} runtime Who reads them, for the message ("The local stack").
 * @param {S} shape
 * @param {Record<string, string | undefined>} [source]
 * @param {Partial<Record<keyof S, true>>} [required] Variables this use cannot do without.
 * @returns {{ [K in keyof S]: z.output<S[K]> }}
 */
export function parseEnv(runtime, shape, source = process.env, required = {}) {
  const picked = Object.fromEntries(Object.keys(shape).map((k) => [k, source[k]]));
  const result = z.object(shape).safeParse(picked);
  /** @type {string[]} */
  const problems = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      const raw = source[name];
      problems.push(`${name} ${issue.message}${raw === undefined ? '' : `, got ${JSON.stringify(raw)}`}`);
    }
  }
  for (const name of Object.keys(required)) {
    if (unset(source[name]) === undefined) problems.push(`${name} is not set`);
  }
  if (problems.length) throw new EnvError(runtime, problems);
  return /** @type {any} */ (result.data);
}
