/**
 * Review platforms (D15): Google My Business, or the hotel's own website. A website review may have been stored
 * under another host name (the seed's `boudhamandala.example`, or an earlier domain); wherever a platform is shown
 * (the public tabs and cards, the admin's list and form) it reads as the one configured host, from SITE_URL.
 */
export const GOOGLE = 'Google My Business';

export const isGoogle = (platform: string) => platform === GOOGLE;

/** What staff and guests read for a stored platform value. */
export const platformLabel = (platform: string, siteHost: string) => (isGoogle(platform) ? GOOGLE : siteHost);
