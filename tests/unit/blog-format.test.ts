import { FEED_LENGTH, feedItems } from '../../src/lib/blog/feed';
import { describe, expect, it } from 'vitest';
import { authorName, authorRole, excerptOf, formatPostDate, postDate } from '../../src/lib/blog/format';

describe('blog fallbacks', () => {
  it('uses the excerpt when there is one', () => {
    expect(excerptOf({ excerpt: ' A short summary. ', content: 'long' })).toBe('A short summary.');
  });

  it('else takes the first 150 characters of the content as text, plus ...', () => {
    const content = `## Heading\n\n**Bold** start ${'word '.repeat(60)}`;
    const excerpt = excerptOf({ excerpt: null, content });
    expect(excerpt.endsWith('...')).toBe(true);
    expect(excerpt.length).toBe(153);
    expect(excerpt.startsWith('Heading Bold start word')).toBe(true);
  });

  it('dates a post by published_date, else created_at', () => {
    expect(postDate({ published_date: '2026-03-05T08:00:00Z', created_at: '2026-01-01T00:00:00Z' })).toBe(
      '2026-03-05T08:00:00Z',
    );
    expect(postDate({ published_date: null, created_at: '2026-01-01T00:00:00Z' })).toBe('2026-01-01T00:00:00Z');
  });

  it.each([
    ['2026-03-05T08:00:00Z', 'March 05, 2026'],
    ['2026-12-31T20:00:00Z', 'January 01, 2027'],
    ['2026-07-14T18:14:00Z', 'July 14, 2026'],
  ])('formats %s as %s (MMMM dd, yyyy, Nepal time)', (iso, text) => {
    expect(formatPostDate(iso)).toBe(text);
  });

  it('names an author Anonymous and a role Writer when missing', () => {
    expect([authorName(null), authorName(' '), authorName('Pema')]).toEqual(['Anonymous', 'Anonymous', 'Pema']);
    expect([authorRole(undefined), authorRole('Guide')]).toEqual(['Writer', 'Guide']);
  });
});

describe('the RSS feed', () => {
  const card = (slug: string, dateIso: string, categoryKey: string | null) => ({
    slug,
    title: slug,
    excerpt: `About ${slug}`,
    categoryKey,
    categoryLabel: categoryKey ? 'Culture' : 'Uncategorized',
    dateIso,
    dateLabel: '',
    author: 'Pema',
    image: null,
    imageAlt: '',
  });

  it('lists posts newest first with their links, dates, excerpts and named categories', () => {
    const items = feedItems([card('old', '2026-01-01', null), card('new', '2026-11-01', 'culture')]);
    expect(items.map((i) => i.link)).toEqual(['/blog/new/', '/blog/old/']);
    expect(items[0]).toMatchObject({ description: 'About new', categories: ['Culture'] });
    expect(items[0].pubDate.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(items[1].categories).toEqual([]);
  });

  it('carries the newest FEED_LENGTH posts, whatever order they come in', () => {
    const cards = Array.from({ length: FEED_LENGTH + 5 }, (_, i) =>
      card(`p${i}`, new Date(Date.UTC(2026, 0, 1 + ((i * 7) % (FEED_LENGTH + 5)))).toISOString(), null),
    );
    const items = feedItems(cards);
    expect(items).toHaveLength(FEED_LENGTH);
    const dates = items.map((i) => i.pubDate.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(Math.min(...dates)).toBe(Date.UTC(2026, 0, 6));
  });
});
