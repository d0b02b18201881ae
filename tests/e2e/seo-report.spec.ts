/**
 * The seeded site, as the end-to-end tests build it (with the uploads post and the splat redirect of the global
 * setup), reports no SEO problem (#29, D28): the publisher's check (scripts/publisher/seo-report.mjs) on the build
 * folder, with the build's SITE_URL. A finding here is either a real problem of the seeded content or templates, or
 * a false positive of the check; either way it is named in full.
 */
import path from 'node:path';
import { seoReport } from '@boudha/publisher/seo-report';
import { E2E_SITE_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { testEnvironment } from '../helpers/env';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, `.data/e2e-stack-${testEnvironment().E2E_SUPABASE_PORT}/dist`);

test('the seeded site reports no SEO problem', async () => {
  const report = await seoReport(dist, { siteUrl: `http://127.0.0.1:${E2E_SITE_PORT}` });
  expect(report.pages).toBeGreaterThan(20);
  expect(report.findings.map((f) => `${f.kind} ${f.path}: ${f.detail}`)).toEqual([]);
  expect(report.total).toBe(0);
});
