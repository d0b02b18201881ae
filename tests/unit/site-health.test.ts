/**
 * The Site health tab's reckoning (#29; src/admin/features/site-health/site-health.ts): every kind the publisher's
 * report can hold has staff's words, a stored report is read safely, what changed since the previous build, and
 * where in the admin a finding is fixed.
 */
import { describe, expect, it } from 'vitest';
import { SEO_KINDS } from '@boudha/publisher/seo-report';
import {
  KIND_LABELS,
  changesText,
  countsInOrder,
  editTarget,
  readReport,
  reportChanges,
  type SeoFinding,
} from '../../src/admin/features/site-health/site-health';
import { seoProblemsText } from '../../src/admin/components/pages-text';

const f = (kind: string, path: string, target?: string, detail = 'x'): SeoFinding => ({
  kind,
  path,
  detail,
  ...(target ? { target } : {}),
});
const report = (findings: SeoFinding[], extra: Record<string, unknown> = {}) =>
  readReport({ version: 1, pages: 9, total: findings.length, counts: {}, findings, truncated: false, ...extra })!;

describe('the kinds of finding', () => {
  it('has staff’s words for every kind the publisher’s report holds, and no other', () => {
    expect(Object.keys(KIND_LABELS)).toEqual([...SEO_KINDS]);
  });
});

describe('readReport', () => {
  it('reads a stored report, and nothing that is not one', () => {
    const stored = {
      version: 1,
      pages: 25,
      total: 700,
      counts: { 'broken-link': 690, 'title-long': 10, bogus: 'x' },
      findings: [f('broken-link', '/a/', '/gone/'), { kind: 3 }, null],
      truncated: true,
    };
    expect(readReport(stored)).toEqual({
      pages: 25,
      total: 700,
      counts: { 'broken-link': 690, 'title-long': 10 },
      findings: [f('broken-link', '/a/', '/gone/')],
      truncated: true,
    });
    for (const nothing of [null, undefined, 'report', [], { findings: 'none' }]) expect(readReport(nothing)).toBeNull();
    // Counts made from the findings when the report kept none.
    expect(readReport({ findings: [f('h1-missing', '/a/'), f('h1-missing', '/b/')] })).toMatchObject({
      total: 2,
      counts: { 'h1-missing': 2 },
      truncated: false,
    });
  });

  it('orders the counts as the tab lists the kinds', () => {
    const r = report([], { counts: { 'jsonld-invalid': 1, 'broken-link': 4, 'title-long': 2, unknown: 1 } });
    expect(countsInOrder(r).map((c) => `${c.label}: ${c.count}`)).toEqual([
      'Title over 60 characters: 2',
      'Broken link: 4',
      'Structured data that does not parse: 1',
      'unknown: 1',
    ]);
  });
});

describe('what changed since the previous build', () => {
  it('counts new and fixed problems by kind, page and what they are about, not by their words', () => {
    const previous = report([
      f('title-long', '/about/', undefined, 'The title is 64 characters'),
      f('broken-link', '/a/', '/gone/'),
      f('broken-link', '/a/', '/lost/'),
      f('h1-missing', '/b/'),
      f('img-alt-missing', '/c/', '/x.jpg'),
      f('sitemap-missing', '/d/'),
      f('og-image-missing', '/e/'),
    ]);
    const live = report([
      f('title-long', '/about/', undefined, 'The title is 66 characters'),
      f('broken-link', '/a/', '/gone/'),
      f('broken-link', '/a/', '/elsewhere/'),
      f('h1-multiple', '/b/'),
    ]);
    const changes = reportChanges(live, previous);
    expect(changes.added.map((x) => `${x.kind} ${x.path} ${x.target ?? ''}`.trim())).toEqual([
      'broken-link /a/ /elsewhere/',
      'h1-multiple /b/',
    ]);
    expect(changes.fixed).toHaveLength(5);
    expect(changesText(changes)).toBe('2 new problems, 5 fixed since the previous build');
    expect(changesText(reportChanges(previous, previous))).toBe('No change since the previous build');
    expect(changesText(reportChanges(report([f('h1-missing', '/b/')]), report([])))).toBe(
      '1 new problem, 0 fixed since the previous build',
    );
    const partial = reportChanges(report([f('h1-missing', '/b/')], { total: 600 }), report([]));
    expect(changesText(partial)).toBe('1 new problem, 0 fixed since the previous build (among the findings stored)');
  });

  it('says the count of a build in words', () => {
    expect([seoProblemsText(3), seoProblemsText(1), seoProblemsText(0)]).toEqual([
      '3 SEO problems',
      '1 SEO problem',
      'No SEO problems',
    ]);
  });
});

describe('where a finding is fixed', () => {
  const pages = [
    { id: 'p1', slug: 'monsoon', custom_url: null },
    { id: 'p2', slug: 'about-us', custom_url: '/about/' },
  ];
  const posts = [{ id: 'b1', slug: 'walking-the-kora-at-dawn' }];
  const at = (kind: string, path: string) => editTarget(f(kind, path), pages, posts);

  it('opens the post’s or the stored page’s editor', () => {
    expect(at('img-alt-missing', '/blog/walking-the-kora-at-dawn/')).toEqual({ hash: '#blog/b1', label: 'Edit post' });
    expect(at('h1-multiple', '/monsoon/')).toEqual({ hash: '#pages/p1', label: 'Edit page' });
    // A converted built-in page (D20) is edited as its stored page.
    expect(at('title-long', '/about/')).toEqual({ hash: '#pages/p2', label: 'Edit page' });
  });

  it('opens Page SEO for the head of a built-in page, the Redirects and Sitemap tabs for theirs, and nothing else', () => {
    expect(at('description-long', '/')).toEqual({ hash: '#page-seo/', label: 'Page SEO' });
    expect(at('og-image-missing', '/gallery/')).toEqual({ hash: '#page-seo/gallery/', label: 'Page SEO' });
    expect(at('broken-link', '/gallery/')).toBeUndefined();
    expect(at('title-long', '/privacy/')).toBeUndefined();
    expect(at('redirect-chain', '/old')).toEqual({ hash: '#redirects', label: 'Redirects' });
    expect(at('sitemap-missing', '/monsoon/')).toEqual({ hash: '#sitemap', label: 'Sitemap' });
    expect(at('h1-missing', '/blog/no-such-post/')).toBeUndefined();
    expect(at('h1-missing', '/404.html')).toBeUndefined();
  });
});
