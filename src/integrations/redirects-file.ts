import { readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { ROUTING_REDIRECTS } from '../config';
import { renderRedirects, trailingSlashRules, type RedirectRule } from '../lib/redirects/routing';
import { renderRedirectRules, type CompiledRedirect, type RedirectsFormat } from '../lib/redirects/compile';

/**
 * Writes dist/_redirects after the build: the staff's redirects from the database first (compiled into
 * /redirects.json during the build), then the D5 aliases, then one trailing-slash rule per built page.
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
        const body = [
          `# Generated at build time (${format} format).`,
          '# Redirects managed in the admin (D6, D7):',
          renderRedirectRules(staff, format),
          '# Routing rules (D5):',
          renderRedirects(routing),
        ].join('\n');
        await writeFile(new URL('_redirects', dir), body.replace(/\n{2,}/g, '\n'));
        logger.info(`_redirects: ${staff.length} managed redirects, ${routing.length} routing rules`);
      },
    },
  };
}
