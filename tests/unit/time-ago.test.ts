/** How long ago a build went live, as the publish status says it (src/admin/lib/time-ago.ts). */
import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../src/admin/lib/time-ago';

describe('timeAgo', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const ago = (seconds: number) => timeAgo(new Date(now.getTime() - seconds * 1000), now);

  it('says it in the words the publish status has always used', () => {
    expect(ago(0)).toBe('less than a minute ago');
    expect(ago(59)).toBe('less than a minute ago');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(5 * 60)).toBe('5 minutes ago');
    expect(ago(2 * 3600)).toBe('about 2 hours ago');
    expect(ago(24 * 3600)).toBe('yesterday');
    expect(ago(3 * 24 * 3600)).toBe('3 days ago');
  });

  it('treats a time a little in the future (a clock ahead) as just now', () => {
    expect(timeAgo(new Date(now.getTime() + 5000), now)).toBe('less than a minute ago');
  });
});
