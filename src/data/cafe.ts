/**
 * The cafe page's sections in order. Each of the published page's active text blocks names the section it fills
 * (`content.section`, one of these keys, #31); a section without a block shows the fallback text (also used
 * entirely when the page is missing). cafeSections does the matching.
 */
export const CAFE_SLUG = 'boudha-cafe-de-mandala';

export const CAFE_SECTIONS = [
  { key: 'hero', heading: 'Boudha Cafe de Mandala', fallback: 'Coffee, calm and a view of the stupa.' },
  {
    key: 'intro',
    heading: 'Welcome to the Cafe',
    fallback:
      'On the ground floor of the hotel, a few steps from the kora, our cafe opens early for pilgrims and late for friends.',
  },
  {
    key: 'philosophy',
    heading: 'Our Philosophy',
    fallback: 'Simple food made with care, from local farms where we can, served without hurry.',
  },
  {
    key: 'food',
    heading: 'The Food',
    fallback: 'Western brunch beside Himalayan classics: eggs and sourdough, dal bhat, thukpa and fresh momo.',
  },
  {
    key: 'menu',
    heading: 'The Menu',
    fallback: 'Breakfast all day, a short lunch menu, cakes from our oven, masala chai, and coffee from Nepali hills.',
  },
  {
    key: 'atmosphere',
    heading: 'The Atmosphere',
    fallback: 'Low tables, warm light, the murmur of prayer wheels outside: a place to read, write or simply sit.',
  },
  {
    key: 'music',
    heading: 'Live Music',
    fallback: 'Every Saturday evening local musicians play: folk songs, bansuri flute and the odd singing bowl.',
  },
  {
    key: 'design',
    heading: 'The Design',
    fallback: 'Carved wood, hand-woven textiles and thangka colours, made by craftspeople from around Boudha.',
  },
  {
    key: 'welcome',
    heading: 'Everyone Is Welcome',
    fallback: 'Hotel guests, neighbours, monks and travellers passing through: come in, the kettle is on.',
  },
] as const;

export const CAFE_SUMMARY = [
  { title: 'Authentic Flavors', text: 'Recipes from Nepali and Tibetan kitchens, and a brunch that tastes of home.' },
  { title: 'Mindful Coffee', text: 'Beans from the hills of Nepal, brewed slowly and served with a smile.' },
  { title: 'Sacred Space', text: 'A quiet room beside one of the holiest sites of Himalayan Buddhism.' },
] as const;

export type CafeSectionKey = (typeof CAFE_SECTIONS)[number]['key'];

const KEYS = new Set<string>(CAFE_SECTIONS.map((s) => s.key));

/**
 * Each cafe section with the text block that fills it, by the key the block names (#31): deleting, adding or
 * reordering one block never moves another's text under a different heading. A block that names no section (added
 * in the admin's Content Blocks without one) fills the first section no block named, in order; a second block for
 * a section, or one beyond the last section, is not shown.
 */
export function cafeSections<B extends { text: string; content?: Record<string, unknown> }>(blocks: B[]) {
  const named = new Map<string, B>();
  const unnamed: B[] = [];
  for (const b of blocks) {
    if (!b.text.trim()) continue;
    const key = typeof b.content?.section === 'string' ? b.content.section : '';
    if (KEYS.has(key)) {
      if (!named.has(key)) named.set(key, b);
    } else unnamed.push(b);
  }
  return CAFE_SECTIONS.map((section) => ({ ...section, block: named.get(section.key) ?? unnamed.shift() }));
}
