import { readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { HEADER_RULES, renderHeaders } from '../lib/host/headers.mjs';
import {
  ROUTING_REDIRECTS,
  isDynamicSource,
  renderRedirects,
  trailingSlashRules,
  type HostRedirect,
} from '../lib/host/redirects.mjs';
import {
  cloudflareRedirectWarnings,
  renderRedirectRules,
  type CompiledRedirect,
  type RedirectsFormat,
} from '../lib/redirects/compile';
import { buildEnvironment } from '../lib/env/build.mjs';
import { currentPlan } from '../lib/content/release-plan';

/**
 * The `_redirects` file of a build: the staff's redirects first, then the D5 aliases, then one trailing-slash rule
 * per built page (`pages` as Astro reports them: '', 'about/'), in the host's dialect.
 */
export function redirectsFileBody(staff: CompiledRedirect[], pages: string[], format: RedirectsFormat): string {
  let routing: HostRedirect[] = [...ROUTING_REDIRECTS, ...trailingSlashRules(pages)];
  // Cloudflare Pages adds the trailing slash to page folders itself, and its rules are not shadowed by
  // files, so a `/about  /about/` rule could loop there: leave slash rules to the host.
  if (format === 'cloudflare') routing = routing.filter((r) => r.to !== `${r.from}/`);
  // Cloudflare Pages wants static rules before dynamic ones (splats, placeholders): a staff redirect with a
  // splat goes last there. Netlify and the local site server keep the staff's rules first, in one block.
  const last = format === 'cloudflare' ? staff.filter((r) => isDynamicSource(r.from)) : [];
  const body = [
    `# Generated at build time (${format} format) from src/lib/host/redirects.mjs.`,
    '# Redirects managed in the admin (D6, D7):',
    renderRedirectRules(
      staff.filter((r) => !last.includes(r)),
      format,
    ),
    '# Routing rules (D5):',
    renderRedirects(routing, format),
    ...(last.length
      ? ['# Redirects managed in the admin, with splats or placeholders:', renderRedirectRules(last, format)]
      : []),
  ].join('\n');
  return body.replace(/\n{2,}/g, '\n');
}

/**
 * Writes the host's rule files after the build, from the host-rules module (src/lib/host/):
 * - dist/_redirects (redirectsFileBody), the staff's redirects read from /redirects.json, compiled during the
 *   build, and a trailing-slash rule for every page, those a layered build left out included. In Cloudflare Pages' dialect, warns when the file nears or passes that host's limits on redirects.
 * - dist/_headers: the cache rules and security headers.
 */
export default function hostFiles(): AstroIntegration {
  return {
    name: 'hotel:host-files',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const staff = JSON.parse(
          await readFile(new URL('redirects.json', dir), 'utf8').catch(() => '[]'),
        ) as CompiledRedirect[];
        const format: RedirectsFormat = buildEnvironment().REDIRECTS_FORMAT;
        // A layered build (#28) leaves out the pages the live release already has: they are pages all the same.
        const reused = [...(currentPlan()?.reused ?? [])].map((p) => p.replace(/^\//, ''));
        const file = redirectsFileBody(staff, [...pages.map((p) => p.pathname), ...reused], format);
        await writeFile(new URL('_redirects', dir), file);
        await writeFile(new URL('_headers', dir), renderHeaders(HEADER_RULES));
        const lines = file.split('\n').filter((l) => l && !l.startsWith('#')).length;
        logger.info(`_redirects: ${staff.length} managed redirects, ${lines} rules in all`);
        // On stderr, so that the build's output (and a deploy's site_builds log tail) shows it.
        if (format === 'cloudflare') {
          for (const warning of cloudflareRedirectWarnings(file)) console.warn(`[redirects] warning: ${warning}`);
        }
      },
    },
  };
}
