/**
 * The post and page editors' live SEO checks (#29; src/admin/components/editor-shell/live-checks.ts): images
 * without alt text (markdown or HTML; alt="" is decoration, which is right), a level-1 heading in the text, and
 * links to addresses of this site that nothing answers, judged only once the addresses are known.
 */
import { describe, expect, it } from 'vitest';
import { liveChecks, sitePath, type Reachable } from '../../src/admin/components/editor-shell/live-checks';

const SITE = 'https://hotel.example';
const LIVE = new Set(['/', '/about/', '/blog/walking-the-kora-at-dawn/', '/old-rooms/']);
const reachable: Reachable = (path) => LIVE.has(path.endsWith('/') ? path : `${path}/`);
const kinds = (markdown: string, r: Reachable = reachable) => liveChecks(markdown, r, SITE).map((c) => c.kind);

describe('the live checks of a text', () => {
  it('find nothing in a sound text', () => {
    const text = [
      '## Dawn at the stupa',
      'Pilgrims walk the kora. ![Butter lamps at dusk](/images/blog/lamps.jpg)',
      '<img src="/images/blog/border.png" alt="">',
      'Read [about us](/about/), [the kora](/blog/walking-the-kora-at-dawn/#start), [home](/?lang=en),',
      `[our rooms](${SITE}/about), [the feed](/rss.xml), [a map](https://maps.example.org/x), [top](#top), [mail](mailto:a@b.c).`,
      '<a href="/old-rooms">old rooms, redirected</a>',
      '```',
      '# not a heading: code',
      '![](/in-code.jpg)',
      '```',
    ].join('\n\n');
    expect(liveChecks(text, reachable, SITE)).toEqual([]);
  });

  it('name an image without alt text, in markdown and in HTML', () => {
    expect(liveChecks('![](/images/blog/lamps.jpg)', reachable)).toEqual([
      {
        kind: 'img-alt-missing',
        text: 'The image /images/blog/lamps.jpg has no alt text: describe it between the brackets, ![A room at dawn](…).',
      },
    ]);
    expect(liveChecks('<p><img src="/a.jpg" width="4"></p>', reachable)).toEqual([
      {
        kind: 'img-alt-missing',
        text: 'The image /a.jpg has no alt text: add alt="…" describing it, or alt="" if it is only decoration.',
      },
    ]);
    expect(kinds('Inline <img src="/a.jpg"> image and <img alt src="/b.jpg">')).toEqual(['img-alt-missing']);
  });

  it('name a level-1 heading, in markdown (either style) and in HTML, not a lower one', () => {
    expect(liveChecks('# Our story\n\nText.', reachable)).toEqual([
      {
        kind: 'h1-in-body',
        text: "“Our story” is a level-1 heading: the title is the page's only h1, so make it a level-2 heading (## in markdown).",
      },
    ]);
    expect(kinds('Our story\n=========\n\nText.')).toEqual(['h1-in-body']);
    expect(kinds('<h1>Our story</h1>\n\nText.')).toEqual(['h1-in-body']);
    expect(kinds('## Rooms\n\n###### Small print')).toEqual([]);
  });

  it('name each link to a missing address of this site once (with or without its trailing slash), and judge none before the addresses are known', () => {
    const text = '[a](/gone/) [b](/gone) [c](https://hotel.example/lost/) <a href="/also-gone/">d</a> [e](/about/)';
    expect(liveChecks(text, reachable, SITE).map((c) => c.text)).toEqual([
      'The link to /gone/ leads to no live page of this site (no published page, live post or redirect has that address).',
      'The link to /lost/ leads to no live page of this site (no published page, live post or redirect has that address).',
      'The link to /also-gone/ leads to no live page of this site (no published page, live post or redirect has that address).',
    ]);
    expect(kinds(text, () => undefined)).toEqual([]);
  });
});

describe('sitePath', () => {
  it('gives the page address of a link of this site, and nothing for files, the admin and other sites', () => {
    expect(sitePath('/about/?x=1#y')).toBe('/about/');
    expect(sitePath('/#contact')).toBe('/');
    expect(sitePath(`${SITE}/blog/x/`, SITE)).toBe('/blog/x/');
    expect(sitePath(`${SITE}/blog/x/`)).toBeUndefined();
    expect(sitePath('https://other.example/about/', SITE)).toBeUndefined();
    expect(sitePath('//other.example/about/')).toBeUndefined();
    expect(sitePath('/images/blog/a.jpg')).toBeUndefined();
    expect(sitePath('/admin/#blog')).toBeUndefined();
    expect(sitePath('about/')).toBeUndefined();
    expect(sitePath('tel:+977')).toBeUndefined();
  });
});
