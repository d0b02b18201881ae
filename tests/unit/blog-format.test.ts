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
