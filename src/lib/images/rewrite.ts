/**
 * The pure half of the build's image optimisation (D21): finding `<img>` tags whose source is an uploaded
 * Storage image in rendered HTML, and rewriting them with the optimised copy's attributes. No Astro imports, so
 * unit tests can run it with a fake resolver.
 */

/** The path under which a Supabase project serves public Storage objects. */
export const PUBLIC_OBJECTS_PATH = '/storage/v1/object/public/';

/**
 * Whether a URL is a public object of the configured Supabase Storage (the uploads of the admin): same origin as
 * `supabaseUrl`, under its public objects path once the URL is resolved (so `public/../../rest/v1/…` is not),
 * with nothing a tag could not carry. Anything else, local /images/ files included, is left alone.
 */
export function isStorageImage(url: string, supabaseUrl: string): boolean {
  if (!supabaseUrl || !url || /[\s"'<>\\]/.test(url)) return false;
  let api: URL;
  let target: URL;
  try {
    api = new URL(supabaseUrl);
    target = new URL(url);
  } catch {
    return false;
  }
  const prefix = api.pathname.replace(/\/+$/, '') + PUBLIC_OBJECTS_PATH;
  return (
    target.origin === api.origin &&
    url.startsWith(api.origin + prefix) &&
    target.pathname.startsWith(prefix) &&
    target.pathname.length > prefix.length &&
    !target.username &&
    !target.password
  );
}

/** What replaces an uploaded image's `src`: the optimised file, its srcset, sizes and intrinsic size. */
export interface OptimisedImage {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
}

const decode = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const encode = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Rewrites each `<img>` of `html` whose src `matches` with what `resolve` gives (null leaves the tag as it was).
 * Any width, height, srcset or sizes the tag had are replaced; other attributes (alt, loading…) are kept.
 */
export async function rewriteImages(
  html: string,
  matches: (src: string) => boolean,
  resolve: (src: string) => Promise<OptimisedImage | null | 'omit'>,
): Promise<string> {
  const tags = [...html.matchAll(/<img\b[^>]*>/gi)];
  if (!tags.length) return html;
  let out = '';
  let last = 0;
  for (const m of tags) {
    const tag = m[0];
    const srcAttr = /\ssrc="([^"]*)"/i.exec(tag);
    const src = srcAttr ? decode(srcAttr[1]) : '';
    let replacement = tag;
    if (src && matches(src)) {
      const img = await resolve(src);
      // An image that must not reach guests as it is, and has no copies: the tag is left out.
      if (img === 'omit') replacement = '';
      else if (img) {
        const rest = tag
          .replace(/^<img\b/i, '')
          .replace(/\/?>$/, '')
          .replace(/\s(src|srcset|sizes|width|height)="[^"]*"/gi, '')
          .trimEnd();
        replacement =
          `<img src="${encode(img.src)}" srcset="${encode(img.srcset)}" sizes="${encode(img.sizes)}"` +
          ` width="${img.width}" height="${img.height}"${rest}>`;
      }
    }
    out += html.slice(last, m.index) + replacement;
    last = m.index! + tag.length;
  }
  return out + html.slice(last);
}
