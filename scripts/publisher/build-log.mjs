// @ts-check
/**
 * The record of every build: a `site_builds` row (queued → building → succeeded | failed, with trigger, requester,
 * times, page counts, error and log tail, and once it is live its SEO report, #29), written with the service role. A database that is down must not stop
 * the publisher: a write that fails is logged and the build goes on.
 */

/** @typedef {'admin' | 'schedule' | 'cli' | 'deploy' | 'startup'} Trigger */
/**
 * @typedef {object} BuildRow
 * @property {number} id
 * @property {'queued' | 'building' | 'succeeded' | 'failed'} status
 */

/**
 * When a build's final status (succeeded or failed) could not be written, it is tried again after these delays
 * (ms), in the background: a database that was briefly unreachable at that moment would otherwise leave the row
 * 'building' until the next start, which then calls it failed, live or not.
 */
export const FINAL_STATUS_RETRIES_MS = [1_000, 5_000, 30_000];

/**
 * @param {import('@supabase/supabase-js').SupabaseClient} db a service-role client
 * @param {(line: string) => void} log
 * @param {{ retriesMs?: number[] }} [opts]
 */
export function createBuildLog(db, log, { retriesMs = FINAL_STATUS_RETRIES_MS } = {}) {
  /** Retries waiting to run, cancelled by stop(). @type {Set<ReturnType<typeof setTimeout>>} */
  const timers = new Set();
  /** @param {number} id @param {Record<string, unknown>} fields */
  const write = async (id, fields) => (await db.from('site_builds').update(fields).eq('id', id)).error;
  /** @param {number} id @param {Record<string, unknown>} fields @param {number} attempt */
  const retry = (id, fields, attempt) => {
    if (attempt >= retriesMs.length) {
      log(`[publisher] gave up recording build ${id} as ${fields.status}; the next start marks it failed`);
      return;
    }
    const timer = setTimeout(async () => {
      timers.delete(timer);
      const error = await write(id, fields).catch((/** @type {Error} */ e) => e);
      if (error) retry(id, fields, attempt + 1);
      else log(`[publisher] recorded build ${id} as ${fields.status} on attempt ${attempt + 2}`);
    }, retriesMs[attempt]);
    timer.unref?.();
    timers.add(timer);
  };
  return {
    /** @param {Trigger} trigger @param {string | null} requestedBy @returns {Promise<BuildRow | null>} */
    async open(trigger, requestedBy) {
      const { data, error } = await db
        .from('site_builds')
        .insert({ status: 'queued', trigger, requested_by: requestedBy })
        .select('id, status')
        .single();
      if (error) {
        log(`[publisher] could not record a ${trigger} build request: ${error.message}`);
        return null;
      }
      return /** @type {BuildRow} */ (data);
    },

    /**
     * @param {BuildRow | null} row
     * @param {Record<string, unknown>} fields
     */
    async update(row, fields) {
      if (!row) return;
      const error = await write(row.id, fields).catch((/** @type {Error} */ e) => e);
      if (!error) return;
      log(`[publisher] could not record build ${row.id}: ${error.message}`);
      if (fields.status === 'succeeded' || fields.status === 'failed') retry(row.id, fields, 0);
    },

    /** Cancels the retries still waiting (the publisher is stopping). */
    stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },

    /** Marks rows a previous publisher left queued or building as failed (it stopped before finishing them). */
    async recover() {
      const { data, error } = await db
        .from('site_builds')
        .update({
          status: 'failed',
          error: 'The publisher stopped before this build finished.',
          finished_at: new Date().toISOString(),
        })
        .in('status', ['queued', 'building'])
        .select('id');
      if (error) log(`[publisher] could not recover unfinished builds: ${error.message}`);
      else if (data.length) log(`[publisher] marked ${data.length} unfinished build(s) as failed`);
      return data?.length ?? 0;
    },
  };
}
