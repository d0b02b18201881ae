/**
 * End-to-end setup: a real local stack on its own ports and data dir (fresh), a build of the site against it
 * into its own folder, and a static server for that build; plus a publisher with its own site server, as
 * `npm start` runs them. Tests read the stack's settings from process.env.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { resetDataDir, startStack } from '@boudha/local-supabase/stack';
import { createSiteServer } from '@boudha/publisher/site-server';
import { attachPublisher } from '@boudha/publisher/functions';
import { E2E_PUBLISH_PORT, E2E_SITE_PORT } from '../../playwright.config';
import { astroCacheDir } from '../../src/lib/images/upload-cache.mjs';
import { seedUploads } from './uploads';
import { testEnvironment } from '../helpers/env';
import { seedImageCopies } from '../helpers/image-copies';

const root = path.resolve(import.meta.dirname, '../..');

function build(env: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`site build failed (exit ${code})`))));
  });
}

export default async function globalSetup(_config: FullConfig) {
  const apiPort = testEnvironment().E2E_SUPABASE_PORT;
  const dataDir = path.join(root, `.data/e2e-stack-${apiPort}`);
  const outDir = path.join(dataDir, 'dist');
  await resetDataDir(dataDir);
  // Every test signs in from 127.0.0.1: hosted Auth's 30 sign-ins per address in 5 minutes is off for this stack.
  const stack = await startStack({ dataDir, apiPort, dbPort: apiPort + 1, quiet: true, limits: { signInsPerIp: 0 } });
  let server: ReturnType<typeof createSiteServer>;
  let publishServer: ReturnType<typeof createSiteServer>;
  // The publisher, as npm start runs it: rebuild-site on the stack's gateway, its live build on its own port. Its
  // first build starts with the site's build below and goes on while the first specs run (publishedSite waits for
  // it): before, the first spec that needed it waited about 30 s for it (#28).
  const publisher = attachPublisher(stack, {
    dataDir: path.join(dataDir, 'publisher'),
    siteUrl: `http://127.0.0.1:${E2E_PUBLISH_PORT}`,
  });
  try {
    await publisher.start();
    publishServer = createSiteServer({ root: () => publisher.live() });
    await new Promise<void>((resolve, reject) => {
      publishServer.once('error', reject);
      publishServer.listen(E2E_PUBLISH_PORT, '127.0.0.1', () => resolve());
    });
    // A post with uploaded images (D21, tests/e2e/uploaded-images.spec.ts), in the build from the start.
    await seedUploads(stack.env);
    // A splat redirect, for the 404 page's fallback (tests/e2e/content.spec.ts): the same matcher as the hosts'.
    await fetch(`${stack.env.PUBLIC_SUPABASE_URL}/rest/v1/seo_redirects`, {
      method: 'POST',
      headers: {
        apikey: stack.env.SUPABASE_SERVICE_ROLE_KEY,
        Authorization: `Bearer ${stack.env.SUPABASE_SERVICE_ROLE_KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ from_url: '/news/*', to_url: '/blog/:splat', redirect_type: 301, is_active: true }),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`seeding the splat redirect failed: ${r.status} ${await r.text()}`);
    });
    await build({
      PUBLIC_SUPABASE_URL: stack.env.PUBLIC_SUPABASE_URL,
      PUBLIC_SUPABASE_ANON_KEY: stack.env.PUBLIC_SUPABASE_ANON_KEY,
      SITE_URL: `http://127.0.0.1:${E2E_SITE_PORT}`,
      ASTRO_OUT_DIR: outDir,
      ASTRO_CACHE_DIR: astroCacheDir(dataDir),
    });
    // The publisher's first build starts with the image copies this build made (#28: npm test's time): the site's
    // images (Astro's cache, by content and options) and the uploads' (upload-cache.mjs, by address: an upload
    // never changes at its address). Both builds read the same stack, so the copies are the ones it would make;
    // started together, each converted them all, the phone photo among them.
    await seedImageCopies(astroCacheDir(dataDir), astroCacheDir(path.join(dataDir, 'publisher')));
    // Not awaited: it goes on while the first specs run (they use the build above). A build that fails shows in
    // site_builds, and publishedSite asks for another.
    void publisher.request({ trigger: 'cli' }).catch(() => {});
    // sirv indexes the folder when created, so only once the build is there. No redirect rules: the tests play
    // a host without them, where the 404 page's redirect map takes over (D6).
    server = createSiteServer({ root: () => outDir, redirects: false });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(E2E_SITE_PORT, '127.0.0.1', () => resolve());
    });
  } catch (err) {
    await publisher.stop();
    await stack.stop();
    throw err;
  }
  process.env.E2E_SUPABASE_URL = stack.env.PUBLIC_SUPABASE_URL;
  process.env.E2E_ANON_KEY = stack.env.PUBLIC_SUPABASE_ANON_KEY;
  process.env.E2E_SERVICE_ROLE_KEY = stack.env.SUPABASE_SERVICE_ROLE_KEY;
  process.env.E2E_DIST = outDir;
  return async () => {
    await publisher.stop();
    for (const s of [server, publishServer]) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
    await stack.stop();
  };
}
