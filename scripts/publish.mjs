// @ts-check
/**
 * `npm run publish`: asks the running publisher (`npm start`) for a build through the rebuild-site function,
 * with the service-role key, then follows the build's `site_builds` row until it is live or failed. Exits 1 on
 * a failed build. For hosted Supabase (PUBLIC_SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set), the same call
 * reaches the deployed rebuild-site function, which forwards to the host's build hook. `--force` (render every
 * page) is for the local publisher only; production's full build is a manual Deploy run (docs/deploy.md).
 */
import { createClient } from '@supabase/supabase-js';
import { supabaseEnv } from './lib/env.mjs';
import { isLocalUrl } from './lib/api-keys.mjs';
import { publisherEnvironment } from '@boudha/publisher/env';

try {
  const TIMEOUT_MS = publisherEnvironment().PUBLISH_TIMEOUT_MS;
  const { url, serviceRoleKey } = await supabaseEnv({ needServiceRole: true });
  const db = createClient(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  // --force: a build that renders every page instead of reusing unchanged ones (#17).
  const full = process.argv.includes('--force');
  if (full && !isLocalUrl(url)) {
    // Production builds on the host (GitHub Actions, Netlify), which a build hook cannot ask for a full build.
    throw new Error(
      '--force asks the local publisher (npm start) for a full build. For the hosted site, run the Deploy workflow ' +
        'by hand with "Render every page" ticked (GitHub → Actions → Deploy → Run workflow), or run ' +
        '`node scripts/deploy-build.mjs build --force` where the site is built (docs/deploy.md).',
    );
  }
  const { data, error } = await db.functions.invoke('rebuild-site', { body: full ? { full: true } : {} });
  if (error) {
    const cause = /** @type {any} */ (error).context;
    const detail = cause instanceof Response ? await cause.text().catch(() => '') : '';
    throw new Error(
      /fetch|connect/i.test(error.message + detail)
        ? `no publisher answers at ${url}: start it with npm start`
        : `rebuild-site refused: ${detail || error.message}`,
    );
  }
  const build = /** @type {{ id: number } | null} */ (data?.build);
  if (!build) throw new Error('the publisher did not record the build (is the database up?)');
  console.log(`build ${build.id} ${data.coalesced ? 'joins the waiting build' : 'queued'}…`);
  const t0 = Date.now();
  for (;;) {
    const { data: row, error: readError } = await db
      .from('site_builds')
      .select('status, duration_ms, page_count, pages_rendered, pages_reused, error')
      .eq('id', build.id)
      .single();
    if (readError) throw new Error(`could not read build ${build.id}: ${readError.message}`);
    if (row.status === 'succeeded') {
      console.log(
        `build ${build.id} is live: ${row.page_count} pages in ${((row.duration_ms ?? 0) / 1000).toFixed(1)} s` +
          (row.pages_reused === null ? '' : ` (${row.pages_rendered} rendered, ${row.pages_reused} reused)`),
      );
      process.exit(0);
    }
    if (row.status === 'failed') {
      console.error(`build ${build.id} failed; the previous site stays live.\n${row.error ?? ''}`);
      process.exit(1);
    }
    if (Date.now() - t0 > TIMEOUT_MS)
      throw new Error(`build ${build.id} is still ${row.status} after ${TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
} catch (err) {
  console.error(`publish: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
