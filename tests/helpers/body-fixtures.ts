/**
 * Blocks and sections with the HTML the public pages carried before the body components existed (the Astro
 * BlockView and SectionsView), plus the data-block-id and data-section-id the components add. Shared by the Node
 * test (tests/unit/body.test.ts, the build) and the happy-dom one (tests/admin/body.test.tsx, the admin's preview).
 */
import { renderMarkdown } from '../../src/lib/markdown/render';
import type { Block } from '../../src/components/body/ContentBlocks';
import type { SectionItem } from '../../src/components/body/Sections';

/** As the build's view models give them: already active only and in order. */
export const BLOCKS: Block[] = [
  { id: 'b-text', type: 'text', text: 'Line one.\nLine two, "quoted" & <escaped>.', content: {}, alignment: 'left' },
  { id: 'b-center', type: 'text', text: 'Centered.', content: {}, alignment: 'center' },
  { id: 'b-right', type: 'text', text: 'Right.', content: {}, alignment: 'right' },
  { id: 'b-h3', type: 'heading', text: 'A heading', level: 3, content: {}, alignment: 'left' },
  { id: 'b-h1', type: 'heading', text: 'Never an h1', level: 1, content: {}, alignment: 'left' },
  {
    id: 'b-quote',
    type: 'quote',
    text: '',
    content: { text: 'Walk clockwise, always.', author: 'A monk' },
    alignment: 'left',
  },
  { id: 'b-quote2', type: 'quote', text: '', content: { text: 'No author.' }, alignment: 'left' },
  {
    id: 'b-image',
    type: 'image',
    text: '',
    content: { url: '/images/blog/butter-lamps.jpg', alt: 'Butter lamps', caption: 'At dusk' },
    alignment: 'left',
  },
  { id: 'b-bad-image', type: 'image', text: '', content: { url: 'javascript:alert(1)' }, alignment: 'left' },
  {
    id: 'b-video',
    type: 'video',
    text: '',
    content: { url: 'https://video.example/1', title: 'The kora' },
    alignment: 'left',
  },
  { id: 'b-video2', type: 'video', text: '', content: { url: 'https://video.example/2' }, alignment: 'left' },
  {
    id: 'b-gallery',
    type: 'gallery',
    text: '',
    content: { images: ['/a.jpg', 'https://img.example/b.jpg', 'javascript:x', 3] },
    alignment: 'left',
  },
  { id: 'b-unknown', type: 'carousel', text: 'x', content: {}, alignment: 'left' },
];

export const BLOCKS_HTML = [
  '<p class="mt-4 whitespace-pre-line text-lg" data-block-id="b-text">Line one.\nLine two, &quot;quoted&quot; &amp; &lt;escaped&gt;.</p>',
  '<p class="mt-4 whitespace-pre-line text-lg text-center" data-block-id="b-center">Centered.</p>',
  '<p class="mt-4 whitespace-pre-line text-lg text-right" data-block-id="b-right">Right.</p>',
  '<h3 class="mt-8 font-serif text-2xl font-bold text-maroon-900" data-block-id="b-h3">A heading</h3>',
  '<h2 class="mt-8 font-serif text-2xl font-bold text-maroon-900" data-block-id="b-h1">Never an h1</h2>',
  '<blockquote class="mt-6 border-l-4 border-gold-400 pl-4 text-lg italic" data-block-id="b-quote">Walk clockwise, always.<footer class="mt-1 not-italic">— A monk</footer></blockquote>',
  '<blockquote class="mt-6 border-l-4 border-gold-400 pl-4 text-lg italic" data-block-id="b-quote2">No author.</blockquote>',
  '<figure class="mt-6" data-block-id="b-image"><img src="/images/blog/butter-lamps.jpg" alt="Butter lamps" width="1200" height="630" loading="lazy" class="w-full rounded-2xl"/><figcaption class="mt-2 text-sm text-stone-700">At dusk</figcaption></figure>',
  '<p class="mt-6" data-block-id="b-video"><a class="font-semibold text-maroon-800 underline" href="https://video.example/1" target="_blank" rel="noopener">The kora<span class="sr-only"> (opens in a new tab)</span></a></p>',
  '<p class="mt-6" data-block-id="b-video2"><a class="font-semibold text-maroon-800 underline" href="https://video.example/2" target="_blank" rel="noopener">Watch the video<span class="sr-only"> (opens in a new tab)</span></a></p>',
  '<div class="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3" data-block-id="b-gallery"><img src="/a.jpg" alt="" width="600" height="450" loading="lazy" class="w-full rounded-xl object-cover"/><img src="https://img.example/b.jpg" alt="" width="600" height="450" loading="lazy" class="w-full rounded-xl object-cover"/></div>',
].join('');

/** As an editor holds them: an inactive one, and out of order. */
export const EDITED_BLOCKS: Block[] = [
  { id: 'e-3', type: 'text', text: 'Third.', content: {}, alignment: 'left', sortOrder: 3, isActive: true },
  { id: 'e-off', type: 'text', text: 'Hidden.', content: {}, alignment: 'left', sortOrder: 0, isActive: false },
  { id: 'e-1', type: 'text', text: 'First.', content: {}, alignment: 'left', sortOrder: 1 },
  { id: 'e-2', type: 'heading', text: 'Second', level: 2, content: {}, alignment: 'left', sortOrder: 2 },
];

export const EDITED_BLOCKS_HTML =
  '<p class="mt-4 whitespace-pre-line text-lg" data-block-id="e-1">First.</p>' +
  '<h2 class="mt-8 font-serif text-2xl font-bold text-maroon-900" data-block-id="e-2">Second</h2>' +
  '<p class="mt-4 whitespace-pre-line text-lg" data-block-id="e-3">Third.</p>';

export const SECTIONS: SectionItem[] = [
  {
    id: 's-2',
    title: 'Opening Hours',
    markdown: 'Open *daily*.<script>alert(1)</script>',
    style: { backgroundColor: '#203040', color: 'white' },
    sortOrder: 2,
  },
  { id: 's-off', title: 'Hidden', markdown: 'never', style: {}, sortOrder: 0, isActive: false },
  { id: 's-1', title: 'Find Us', html: renderMarkdown('1. a\n2. b'), style: {}, sortOrder: 1 },
];

export const SECTIONS_HTML =
  '<section class="mt-10 rounded-2xl p-6 sm:p-8" style="background-color:#f4ecdf;color:#1c1917" data-reveal="" data-section-id="s-1">' +
  '<h2 class="text-2xl font-bold" style="color:inherit">Find Us</h2>' +
  '<div class="prose-hotel mt-3"><ol>\n<li>a</li>\n<li>b</li>\n</ol>\n</div></section>' +
  '<section class="mt-10 rounded-2xl p-6 sm:p-8" style="background-color:#203040;color:white" data-reveal="" data-section-id="s-2">' +
  '<h2 class="text-2xl font-bold" style="color:inherit">Opening Hours</h2>' +
  '<div class="prose-hotel mt-3"><p>Open <em>daily</em>.</p>\n</div></section>';

/** Markdown an attacker might type into the editor: nothing of it may run, in the preview or on the site. */
export const HOSTILE_MARKDOWN =
  '# Title\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))';

export const HOSTILE_HTML =
  '<div class="post-content mt-8"><h2>Title</h2>\n<img src="x" alt="" loading="lazy" decoding="async" /><p><a>x</a></p>\n</div>';
