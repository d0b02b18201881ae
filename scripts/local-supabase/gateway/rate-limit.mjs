// @ts-check
/**
 * Token buckets by key, as GoTrue's limiter (tollbooth) keeps them: each key may spend `limit` requests at once,
 * and earns them back evenly over `windowMs`. Memory is bounded: buckets that are full again are dropped, and
 * past `maxKeys` the least recently used key goes first.
 */

/**
 * @param {{ limit: number, windowMs: number, maxKeys?: number, now?: () => number }} opts `limit` 0 turns it off.
 */
export function createRateLimiter({ limit, windowMs, maxKeys = 10_000, now = Date.now }) {
  /** @type {Map<string, { tokens: number, at: number }>} */
  const buckets = new Map();
  const perMs = limit / windowMs;
  let lastSweep = now();

  /**
   * Drops the buckets that have refilled: they hold nothing a new bucket would not.
   * @param {number} t
   */
  function sweep(t) {
    for (const [key, b] of buckets) if (b.tokens + (t - b.at) * perMs >= limit) buckets.delete(key);
    lastSweep = t;
  }

  return {
    /**
     * Spends one request of `key`. `retryAfterS` tells when the next one will be allowed.
     * @param {string} key
     * @returns {{ ok: true } | { ok: false, retryAfterS: number }}
     */
    take(key) {
      if (limit <= 0) return { ok: true };
      const t = now();
      if (t - lastSweep > windowMs) sweep(t);
      const b = buckets.get(key);
      const tokens = b ? Math.min(limit, b.tokens + (t - b.at) * perMs) : limit;
      buckets.delete(key); // re-inserted below, so the Map's order is least recently used first
      if (tokens < 1) {
        buckets.set(key, { tokens, at: t });
        return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
      }
      buckets.set(key, { tokens: tokens - 1, at: t });
      while (buckets.size > maxKeys) buckets.delete(/** @type {string} */ (buckets.keys().next().value));
      return { ok: true };
    },
    /** How many keys are remembered (tests check the bound). */
    get size() {
      return buckets.size;
    },
  };
}
