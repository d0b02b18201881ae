import { describe, expect, it } from 'vitest';
import { isLegacyKey, legacyKeyNotices } from '../../scripts/lib/api-keys.mjs';

const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';

describe('legacy API keys', () => {
  it.each([
    [jwt, true],
    ['sb_publishable_abc123', false],
    ['sb_secret_abc123', false],
    ['', false],
    [undefined, false],
  ])('%s is legacy: %s', (key, legacy) => {
    expect(isLegacyKey(key)).toBe(legacy);
  });

  it('names each legacy key of a hosted project, what replaces it and when it ends', () => {
    const notices = legacyKeyNotices('https://abcd.supabase.co', {
      PUBLIC_SUPABASE_ANON_KEY: jwt,
      SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_abc',
    });
    expect(notices).toEqual([
      'PUBLIC_SUPABASE_ANON_KEY is a legacy JWT API key: it works, but Supabase deprecates the legacy keys at the end ' +
        'of 2026. Set it to the publishable key (sb_publishable_…) from Project Settings → API Keys (docs/deploy.md, ' +
        'section 7).',
    ]);
    expect(legacyKeyNotices('https://abcd.supabase.co', { SUPABASE_SERVICE_ROLE_KEY: jwt })[0]).toContain(
      'a secret key (sb_secret_…)',
    );
  });

  it('says nothing of the local stand-in, whose keys are minted for it', () => {
    expect(legacyKeyNotices('http://127.0.0.1:54321', { PUBLIC_SUPABASE_ANON_KEY: jwt })).toEqual([]);
    expect(legacyKeyNotices('http://localhost:54321', { PUBLIC_SUPABASE_ANON_KEY: jwt })).toEqual([]);
  });
});
