// @ts-check
/**
 * Guest data kept only as long as the retention setting says (#30, D27), on the local stack. Hosted, Supabase Cron
 * runs `public.apply_retention()` every day inside the database; the local stack's embedded PostgreSQL has no
 * pg_cron, so the publisher, the one long-running process of `npm start`, calls the same function with the service
 * role when it starts and every six hours after. The activity log records each deletion as the service role's.
 */

/** Time between two runs: a deletion is at most this late past the setting's line (hosted: at most a day). */
export const RETENTION_EVERY_MS = 6 * 60 * 60_000;

/**
 * @typedef {{ months: number, cutoff: string, messages: number, subscribers: number }} RetentionResult
 * @param {{
 *   db: import('@supabase/supabase-js').SupabaseClient,
 *   log?: (line: string) => void,
 *   everyMs?: number,
 * }} opts `db` a service-role client
 */
export function createRetention({ db, log = () => {}, everyMs = RETENTION_EVERY_MS }) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;

  /**
   * Runs the job once; says what it deleted, or why it could not run (the next tick tries again).
   * @returns {Promise<RetentionResult | null>}
   */
  async function run() {
    const { data, error } = await db.rpc('apply_retention');
    if (error) {
      log(`[publisher] retention: could not apply it: ${error.message}`);
      return null;
    }
    const result = /** @type {RetentionResult} */ (data);
    if (result.messages || result.subscribers)
      log(
        `[publisher] retention (${result.months} months): deleted ${result.messages} contact messages and ` +
          `${result.subscribers} unsubscribed newsletter addresses`,
      );
    return result;
  }

  return {
    run,
    start() {
      clearInterval(timer);
      void run();
      timer = setInterval(() => void run(), everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
