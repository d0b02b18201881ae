// @ts-check
/**
 * Supabase's two kinds of API key. The new ones (`sb_publishable_…`, `sb_secret_…`) are what the guide and the
 * scripts use; the legacy JWT keys (`anon`, `service_role`, strings starting `eyJ`) still work, but Supabase
 * deprecates them at the end of 2026, so a script handed one for a hosted project says so. No dependencies: the
 * deploy workflow's first step runs this before npm install.
 */

/** When Supabase retires the legacy JWT API keys (its "Upcoming changes to Supabase API keys" notice). */
export const LEGACY_KEYS_END = 'the end of 2026';

/** What each variable should hold instead of a legacy key. */
const REPLACEMENT = /** @type {Record<string, string>} */ ({
  PUBLIC_SUPABASE_ANON_KEY: 'the publishable key (sb_publishable_…)',
  SUPABASE_SERVICE_ROLE_KEY: 'a secret key (sb_secret_…)',
});

/** Whether a key is a legacy JWT key rather than a new `sb_…` one. @param {string | undefined} key */
export const isLegacyKey = (key) => typeof key === 'string' && /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/.test(key.trim());

/** Whether a URL is this machine's (the local stand-in, whose keys are minted for it). @param {string} url */
export function isLocalUrl(url) {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * The deprecation notices for the legacy keys among `keys` ({ VARIABLE: value }), for a hosted project only.
 * @param {string} url
 * @param {Record<string, string | undefined>} keys
 * @returns {string[]}
 */
export function legacyKeyNotices(url, keys) {
  if (isLocalUrl(url)) return [];
  return Object.entries(keys)
    .filter(([, value]) => isLegacyKey(value))
    .map(
      ([name]) =>
        `${name} is a legacy JWT API key: it works, but Supabase deprecates the legacy keys at ${LEGACY_KEYS_END}. ` +
        `Set it to ${REPLACEMENT[name] ?? 'a new API key'} from Project Settings → API Keys (docs/deploy.md, section 7).`,
    );
}

/**
 * Prints those notices on stderr (as GitHub Actions warnings inside a workflow run).
 * @param {string} url
 * @param {Record<string, string | undefined>} keys
 */
export function warnLegacyKeys(url, keys) {
  const prefix = process.env.GITHUB_ACTIONS === 'true' ? '::warning title=Legacy API key::' : 'deprecation: ';
  for (const notice of legacyKeyNotices(url, keys)) console.warn(prefix + notice);
}
