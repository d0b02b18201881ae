import { readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { ROUTING_REDIRECTS } from '../config';
import { renderRedirects, trailingSlashRules, type RedirectRule } from '../lib/redirects/routing';
import {
  cloudflareRedirectWarnings,
  isDynamicSource,
  renderRedirectRules,
  type CompiledRedirect,
  type RedirectsFormat,
} from '../lib/redirects/compile';

/**
 * Writes dist/_redirects after the build: the staff's redirects from the database first (compiled into
 * /redirects.json during the build), then the D5 aliases, then one trailing-slash rule per built page. In
 * Cloudflare Pages' dialect, warns when the file nears or passes that host's limits on redirects.
 */
export default function redirectsFile(): AstroIntegration {
  return {
    name: 'hotel:redirects-file',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const map = JSON.parse(await readFile(new URL('redirects.json', dir), 'utf8').catch(() => '{}')) as Record<
          string,
          [string, 301 | 302]
        >;
        const staff: CompiledRedirect[] = Object.entries(map).map(([from, [to, status]]) => ({ from, to, status }));
        const format: RedirectsFormat = process.env.REDIRECTS_FORMAT === 'cloudflare' ? 'cloudflare' : 'netlify';
        let routing: RedirectRule[] = [...ROUTING_REDIRECTS, ...trailingSlashRules(pages.map((p) => p.pathname))];
        // Cloudflare Pages adds the trailing slash to page folders itself, and its rules are not shadowed by
        // files, so a `/about  /about/` rule could loop there: leave slash rules to the host.
        if (format === 'cloudflare') routing = routing.filter((r) => r.to !== `${r.from}/`);
        // Cloudflare Pages wants static rules before dynamic ones (splats, placeholders): a staff redirect with a
        // splat goes last there. Netlify and the local site server keep the staff's rules first, in one block.
        const last = format === 'cloudflare' ? staff.filter((r) => isDynamicSource(r.from)) : [];
        const body = [
          `# Generated at build time (${format} format).`,
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
        const file = body.replace(/\n{2,}/g, '\n');
        await writeFile(new URL('_redirects', dir), file);
        logger.info(`_redirects: ${staff.length} managed redirects, ${routing.length} routing rules`);
        // On stderr, so that the build's output (and a deploy's site_builds log tail) shows it.
        if (format === 'cloudflare') {
          for (const warning of cloudflareRedirectWarnings(file)) console.warn(`[redirects] warning: ${warning}`);
        }
      },
    },
  };
}
