/** D15: one label for the hotel's own reviews, whatever host they were stored under. */
import { describe, expect, it } from 'vitest';
import { GOOGLE, platformLabel } from '../../src/lib/reviews/platform';

describe('review platform label', () => {
  it('is Google My Business for Google, and the configured host for every other stored value', () => {
    expect(platformLabel(GOOGLE, 'boudhamandala.com')).toBe('Google My Business');
    expect(platformLabel('boudhamandala.example', 'boudhamandala.com')).toBe('boudhamandala.com');
    expect(platformLabel('localhost:4321', 'boudhamandala.com')).toBe('boudhamandala.com');
  });
});
