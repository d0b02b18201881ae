// @ts-check
/**
 * The 404 monitor's rules for a missing path (#29, D28), in one place: what the `not-found` function
 * (supabase/functions/not-found/) stores for a path the 404 page reported, and what the admin's Not found list
 * shows. Pure, with no import, so that the function imports it under Deno as the site and the tests do under Node.
 *
 * - A path is normalised: the query and fragment dropped, percent-encoding made canonical (`/caf%C3%A9/` and
 *   `/café/` are one path), repeated slashes made one, and a trailing slash added unless the last segment names a
 *   file (`/rooms` and `/rooms/` are one path; `/brochure.pdf` stays). At most MAX_PATH_LENGTH characters once
 *   normalised: a longer one is refused, never cut (two long paths must not become one).
 * - Probes are never listed one by one: the build's own files (`/_astro/`, `/_uploads/`), the admin's addresses
 *   (`/admin/…`, `/mandala-admin-portal/…`), dot segments (`/.env`, `/.git/config`, `/.well-known/…`, `../`),
 *   WordPress and other software's addresses (`wp-admin`, `wp-login.php`, `xmlrpc`, `cgi-bin`, `phpmyadmin`…),
 *   server-side script and backup extensions (`.php`, `.asp`, `.jsp`, `.env`, `.sql`, `.bak`, `.zip`…), and what no
 *   link of a site holds (control characters, a backslash, `<`, `>`, broken percent-encoding). They all count in
 *   one row, PROBES_PATH: no redirect would help with any of them.
 * - The referrer is kept as its host name only: no path, query, port or user.
 */

/** The one row every probe counts in. Not a path (no leading slash), so no real path can take it. */
export const PROBES_PATH = '(probes)';

/** The longest path stored, once normalised. */
export const MAX_PATH_LENGTH = 512;

/** The longest referrer host stored (a DNS name's bound). */
export const MAX_HOST_LENGTH = 253;

/** Addresses of the site itself that no redirect is for: the build's files and the admin. */
const PROBE_PREFIXES = ['/_astro/', '/_uploads/', '/admin/', '/mandala-admin-portal/'];

/** Segments of other software's addresses (WordPress, PHP tools, servers, frameworks). */
const PROBE_SEGMENT =
  /(^|\/)(wp-[a-z0-9-]*|wordpress|xmlrpc|cgi-bin|phpmyadmin|phpinfo|pma|myadmin|administrator|vendor|node_modules|boaform|hnap1|actuator|server-status|autodiscover)(\/|\.|$)/;

/** Extensions of server-side scripts, configuration, backups and archives, on the last segment. */
const PROBE_EXTENSION =
  /\.(php\d?|phtml|asp|aspx|ashx|asmx|axd|jsp|jspa|do|action|cgi|pl|env|ini|sql|sqlite3?|db|mdb|bak|backup|old|orig|save|swp|tmp|log|cfg|conf|config|yml|yaml|toml|sh|bat|exe|dll|tar|gz|tgz|zip|rar|7z|war|jar|key|pem)$/;

/** Characters no link of this site holds. */
// eslint-disable-next-line no-control-regex
const PROBE_CHARACTER = /[\u0000-\u001f\u007f\\<>"`{}|^]/;

/** Sub-delimiters and `:@` are kept as they are in a segment (RFC 3986); everything else is percent-encoded. */
const KEPT = /%(21|24|26|27|28|29|2A|2B|2C|3A|3B|3D|40)/gi;

/**
 * Whether a decoded path (repeated slashes made one) is a probe.
 * @param {string} decoded
 */
function probe(decoded) {
  const p = decoded.toLowerCase();
  if (PROBE_CHARACTER.test(p)) return true;
  if (PROBE_PREFIXES.some((prefix) => p.startsWith(prefix) || `${p}/` === prefix)) return true;
  if (/(^|\/)\./.test(p)) return true;
  if (PROBE_SEGMENT.test(p)) return true;
  const last = p.split('/').pop() ?? '';
  return PROBE_EXTENSION.test(last);
}

/**
 * @typedef {{ ok: true, path: string, probe: boolean } | { ok: false, reason: string }} NotFoundPath
 *   A reported path: its normalised form and whether it is a probe (PROBES_PATH is then what is stored), or why it
 *   is not a path.
 */

/**
 * A reported path, normalised and classified; or why it is not a path.
 * @param {unknown} raw
 * @returns {NotFoundPath}
 */
export function notFoundPath(raw) {
  if (typeof raw !== 'string')
    return { ok: false, reason: 'Send the missing page’s path as text, such as "/old-page/".' };
  const cut = raw.trim().split(/[?#]/)[0];
  if (!cut.startsWith('/')) return { ok: false, reason: 'A path starts with "/", such as "/old-page/".' };
  let decoded;
  try {
    decoded = decodeURIComponent(cut);
  } catch {
    return { ok: true, path: PROBES_PATH, probe: true }; // broken percent-encoding: no link of ours
  }
  decoded = decoded.replace(/\/{2,}/g, '/');
  if (probe(decoded)) return { ok: true, path: PROBES_PATH, probe: true };
  const segments = decoded.split('/').map((s) => encodeURIComponent(s).replace(KEPT, (m) => decodeURIComponent(m)));
  let path = segments.join('/');
  if (!/\.[^/]*$/.test(segments[segments.length - 1]) && !path.endsWith('/')) path += '/';
  if (path.length > MAX_PATH_LENGTH)
    return { ok: false, reason: `A path of at most ${MAX_PATH_LENGTH} characters, please.` };
  return { ok: true, path, probe: false };
}

/**
 * The host name of a referrer, lower-case, without port or user; null when there is none or it is not a host.
 * Takes a host (`www.google.com`, what the 404 page sends) or a whole URL.
 * @param {unknown} raw
 * @returns {string | null}
 */
export function referrerHost(raw) {
  if (typeof raw !== 'string') return null;
  const text = raw.trim().toLowerCase();
  if (!text || text.length > 2048) return null;
  let host;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  if (!host || host.length > MAX_HOST_LENGTH) return null;
  return /^([a-z0-9.-]+|\[[0-9a-f:.]+\])$/.test(host) ? host : null;
}
