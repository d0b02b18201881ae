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
 * @param {import('@supabase/supabase-js').SupabaseClient} db a service-role client
 * @param {(line: string) => void} log
 */
export function createBuildLog(db, log) {
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
      const { error } = await db.from('site_builds').update(fields).eq('id', row.id);
      if (error) log(`[publisher] could not record build ${row.id}: ${error.message}`);
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
