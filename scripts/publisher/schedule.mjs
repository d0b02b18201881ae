// @ts-check
/**
 * Scheduled posts (D12): a rebuild when the next one's time comes, looking again at least every minute since a post
 * can be scheduled without a publish, and a catch-up build for a post whose time came while a build was running.
 */

/** Longest wait between two looks at the next scheduled post. */
const SCHEDULE_POLL_MS = 60_000;

/**
 * Whether a scheduled post's time came after the last successful build started (so that build left it out).
 * False when there is no successful build or the database cannot say.
 * @param {import('@supabase/supabase-js').SupabaseClient} db a service-role client
 */
export async function postsDueSinceLastBuild(db) {
  const { data: last } = await db
    .from('site_builds')
    .select('started_at')
    .eq('status', 'succeeded')
    .order('started_at', { ascending: false })
    .limit(1);
  const since = last?.[0]?.started_at;
  if (!since) return false;
  const { data, error } = await db
    .from('blog_posts')
    .select('id')
    .eq('is_published', true)
    .gt('published_date', since)
    .lte('published_date', new Date().toISOString())
    .limit(1);
  return !error && Boolean(data?.length);
}

/**
 * @param {{ db: import('@supabase/supabase-js').SupabaseClient, rebuild: () => void }} opts `rebuild` asks for a
 *   build with the trigger 'schedule'.
 */
export function createSchedule({ db, rebuild }) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let stopped = false;

  /** Waits for the next scheduled post; after a successful build, first catches up on one it missed. */
  async function next(afterSuccess = false) {
    clearTimeout(timer);
    if (stopped) return;
    // A post whose time came while the last build was running is in neither that build nor the future: catch
    // up. Only after a success, so that a failing build is not retried in a loop.
    if (afterSuccess && (await postsDueSinceLastBuild(db))) return rebuild();
    const { data, error } = await db
      .from('blog_posts')
      .select('published_date')
      .eq('is_published', true)
      .gt('published_date', new Date().toISOString())
      .order('published_date', { ascending: true })
      .limit(1);
    if (stopped) return;
    const due = !error && data?.[0]?.published_date ? Date.parse(data[0].published_date) : null;
    // One second past the time, so the build's own clock sees the post as live.
    const wait = due === null ? SCHEDULE_POLL_MS : Math.min(Math.max(due - Date.now() + 1000, 0), SCHEDULE_POLL_MS);
    timer = setTimeout(() => {
      if (due !== null && Date.now() >= due) rebuild();
      else void next();
    }, wait);
    timer.unref();
  }

  return {
    next,
    /** A build is due at start when a post's time came while no publisher ran. */
    dueNow: () => postsDueSinceLastBuild(db),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
