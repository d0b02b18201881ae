// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

// Canonical origin of the public site; absolute URLs (canonical, Open Graph, sitemap) are built from it.
const site = process.env.SITE_URL || 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
  integrations: [react(), sitemap({ filter: (page) => !/\/(admin|mandala-admin-portal|thank-you)\//.test(page) })],
  vite: { plugins: [tailwindcss()] },
});
