/**
 * The SEO report of a build (#29, D28) on a built site folder: a small site seeded with exactly one problem of each
 * kind reports exactly those, and the same site fixed reports none (tests/fixtures/seo-site.ts, hand-written HTML,
 * `sitemap.xml` and `_redirects` laid out as `astro build` lays them out). The seeded site itself, built, reports
 * no problem: tests/e2e/seo-report.spec.ts checks the e2e suite's own fresh build on every run. And the report on a build's row: stored with the service role as
 * the publisher stores it, bounded by the column's check, and read by an admin as the status bar reads it
 * (`seo_total`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEO_KINDS, seoReport, summarise, type SeoFinding } from '@boudha/publisher/seo-report';
import { BUILD_SUMMARY_COLUMNS } from '../../src/admin/data/builds/build-summary';
import { serviceClient, signedInClient } from '../helpers/supabase';
import { BREAKAGES, SITE_URL, cleanSite, writeSite } from '../fixtures/seo-site';

const dirs: string[] = [];
async function built(site: ReturnType<typeof cleanSite>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'seo-site-'));
  dirs.push(dir);
  await writeSite(dir, site);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the SEO report of a built site', () => {
  it('finds exactly one problem of each kind in a site seeded with one of each, then none once fixed', async () => {
    const broken = cleanSite();
    for (const kind of SEO_KINDS) BREAKAGES[kind](broken);
    const report = await seoReport(await built(broken), { siteUrl: SITE_URL });
    expect(report.findings.map((f) => f.kind)).toEqual(SEO_KINDS);
    expect(report.counts).toEqual(Object.fromEntries(SEO_KINDS.map((k) => [k, 1])));
    expect(report.total).toBe(SEO_KINDS.length);
    expect(report.truncated).toBe(false);
    // Each on the page (or rule, or sitemap entry) it is about.
    const where = Object.fromEntries(report.findings.map((f) => [f.kind, f.path]));
    expect(where).toMatchObject({
      'title-duplicate': '/contact/',
      'title-long': '/about/',
      'broken-link': '/contact/',
      'broken-image': '/about/',
      'redirect-chain': '/older',
      'redirect-loop': '/ping',
      'redirect-broken': '/gone',
      'sitemap-noindex': '/thank-you/',
      'sitemap-missing': '/contact/',
      'sitemap-not-a-page': '/no-page-here/',
      'canonical-elsewhere': '/contact/',
      'jsonld-incomplete': '/',
    });
    expect(report.findings.find((f) => f.kind === 'broken-link')?.target).toBe('/no-such-page/');
    expect(report.findings.find((f) => f.kind === 'jsonld-incomplete')?.detail).toBe(
      'The JSON-LD Hotel lacks address.',
    );

    const fixed = await seoReport(await built(cleanSite()), { siteUrl: SITE_URL });
    expect(fixed.findings).toEqual([]);
    expect(fixed).toMatchObject({ total: 0, counts: {}, pages: 8 });
  });

  it('finds the same without being told the site’s address (read from the canonical URLs)', async () => {
    const broken = cleanSite();
    for (const kind of SEO_KINDS) BREAKAGES[kind](broken);
    const report = await seoReport(await built(broken));
    expect(report.findings.map((f) => f.kind)).toEqual(SEO_KINDS);
  });
});

describe('the report on a build’s row', () => {
  const ids: number[] = [];
  afterAll(async () => {
    if (ids.length) await serviceClient().from('site_builds').delete().in('id', ids);
  });

  it('is stored by the service role, read by an admin with the build’s figures, and bounded', async () => {
    const broken = cleanSite();
    for (const kind of SEO_KINDS) BREAKAGES[kind](broken);
    const report = await seoReport(await built(broken), { siteUrl: SITE_URL });
    const svc = serviceClient();
    const { data: row, error } = await svc
      .from('site_builds')
      .insert({ status: 'succeeded', trigger: 'cli', page_count: report.pages, seo_report: report as never })
      .select('id')
      .single();
    expect(error).toBeNull();
    ids.push(row!.id);

    const { client: admin } = await signedInClient('admin');
    const summary = await admin.from('site_builds').select(BUILD_SUMMARY_COLUMNS).eq('id', row!.id).single();
    expect(summary.error).toBeNull();
    expect(summary.data).toMatchObject({ id: row!.id, status: 'succeeded', seo_total: SEO_KINDS.length });
    expect(summary.data).not.toHaveProperty('seo_report');
    const full = await admin.from('site_builds').select('seo_report').eq('id', row!.id).single();
    expect(full.data?.seo_report).toEqual(report);

    // More than 500 findings are refused by the column's check: the writer bounds them (summarise).
    const many: SeoFinding[] = Array.from({ length: 501 }, (_, i) => ({
      kind: 'broken-link',
      path: `/p${i}/`,
      detail: 'x',
    }));
    const tooMany = { ...summarise(many, { pages: 1 }), findings: many };
    const refused = await svc
      .from('site_builds')
      .update({ seo_report: tooMany as never })
      .eq('id', row!.id);
    expect(refused.error?.code).toBe('23514');
    const bounded = await svc
      .from('site_builds')
      .update({ seo_report: summarise(many, { pages: 1 }) as never })
      .eq('id', row!.id);
    expect(bounded.error).toBeNull();
    const after = await admin.from('site_builds').select(BUILD_SUMMARY_COLUMNS).eq('id', row!.id).single();
    expect(after.data?.seo_total).toBe(501);
  });
});
