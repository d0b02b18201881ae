/**
 * The typed sections of a page (#31), one component for the built-in pages, the converted pages that replace them
 * and the Pages editor's live preview, so the three cannot differ. The build renders it to static HTML
 * (src/components/sections/PageSections.astro, through staticHtml): no JavaScript for guests. The shapes come from
 * src/lib/sections/schema.ts. A part of the site (rooms, partner discounts) is rendered by the build from the site's
 * own data; the preview shows what it is instead.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { TypedSectionContent } from '../../lib/sections/schema';
import { PARTS } from '../../lib/sections/schema';
import Markdown from '../body/Markdown';
import { ICON_PATHS, type IconName } from './icons';

/** A picture as a page shows it: responsive copies made by the build (D21), or the address as given (preview). */
export interface SectionImage {
  src: string;
  alt: string;
  srcset?: string;
  sizes?: string;
  width?: number;
  height?: number;
}

/** A typed section with its picture resolved and its markdown rendered (the build), or as typed (the preview). */
export type ViewSection = TypedSectionContent extends infer S
  ? S extends { image: unknown }
    ? Omit<S, 'image'> & { image: SectionImage | null }
    : S
  : never;

export interface TypedSectionProps {
  section: ViewSection;
  /** Its place among the page's visible sections: the first is above the fold (no reveal, eager picture). */
  index: number;
  /** The id its heading carries, unique on the page. */
  id: string;
  /** The hotel's booking address (Contact Details), for buttons that open the booking site. */
  bookingUrl: string;
  /** The rendered HTML of a story's markdown (the build renders it once, through the one pipeline). */
  html?: string;
}

// Class names are whole words in these strings (a space before each ${…}): Tailwind finds the classes a page
// uses by scanning the source for them, and 'text-balance${' is not a class it knows.
const delay = (i: number) => ({ '--reveal-delay': `${Math.min(i, 5) * 100}ms` }) as CSSProperties;

export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICON_PATHS[name] ?? ICON_PATHS.lotus} />
    </svg>
  );
}

export function SectionHeader({
  id,
  title,
  eyebrow,
  lead,
  dark = false,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  lead?: string;
  dark?: boolean;
}) {
  return (
    <header className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && (
        <p className={`text-sm font-semibold tracking-widest uppercase ${dark ? 'text-gold-400' : 'text-saffron-700'}`}>
          {eyebrow}
        </p>
      )}
      <h2 id={id} className={`mt-2 text-3xl font-bold sm:text-4xl ${dark ? 'text-white' : ''}`}>
        {title}
      </h2>
      {lead && <p className={`mt-4 text-lg ${dark ? 'text-cream-100' : 'text-stone-700'}`}>{lead}</p>}
    </header>
  );
}

export function FeatureCard({
  icon,
  title,
  index,
  dark = false,
  children,
  html,
}: {
  icon: IconName;
  title: string;
  index: number;
  dark?: boolean;
  children?: ReactNode;
  /** The sentence as HTML (FeatureCard.astro's slot), instead of children. */
  html?: string;
}) {
  return (
    <li
      data-reveal=""
      style={delay(index)}
      className={`rounded-2xl p-6 ${dark ? 'bg-white/10 text-cream-50' : 'bg-white text-stone-700 shadow-sm ring-1 ring-stone-200'}`}
    >
      <span
        className={`inline-flex h-12 w-12 items-center justify-center rounded-full ${dark ? 'bg-gold-400 text-maroon-900' : 'bg-cream-100 text-maroon-800'}`}
      >
        <Icon name={icon} />
      </span>
      <h3 className={`mt-4 text-xl font-bold ${dark ? 'text-white' : ''}`}>{title}</h3>
      {html !== undefined ? (
        <p className="mt-2" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="mt-2">{children}</p>
      )}
    </li>
  );
}

type Button = { label: string; href: string; book: boolean };
const OUTLINE_LIGHT = 'btn border-2 border-white text-white hover:bg-white hover:text-maroon-900';

/** A section's buttons: the first stands out, the others are outlined; a booking button opens a new tab (D13). */
export function Buttons({ buttons, bookingUrl, onDark }: { buttons: Button[]; bookingUrl: string; onDark: boolean }) {
  return buttons.map((b, i) => {
    const className = i === 0 ? (onDark ? 'btn-light' : 'btn-primary') : onDark ? OUTLINE_LIGHT : 'btn-secondary';
    return b.book ? (
      <a key={i} href={bookingUrl} target="_blank" rel="noopener" className={className} data-book-now="">
        {b.label || 'Book Now'}
        <span className="sr-only"> (opens the booking site in a new tab)</span>
      </a>
    ) : (
      <a key={i} href={b.href || '/'} className={className}>
        {b.label}
      </a>
    );
  });
}

/** A section's picture with its copies; the hero's loads at once and first, any other when near the screen. */
function Picture({ image, eager = false, className }: { image: SectionImage; eager?: boolean; className: string }) {
  return (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={image.sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      className={className}
    />
  );
}

/** A section's actions: React children (the sections), or HTML (an Astro component's slot). */
type Actions = { children?: ReactNode; actionsHtml?: string };
const actionsOf = ({ children, actionsHtml }: Actions) =>
  actionsHtml !== undefined ? { dangerouslySetInnerHTML: { __html: actionsHtml } } : { children };
const hasActions = ({ children, actionsHtml }: Actions) =>
  actionsHtml !== undefined ? actionsHtml.trim() !== '' : Boolean(children);

/**
 * The hero at the top of a page: the h1, a lead and optional actions. With a picture the text sits on a
 * near-opaque maroon panel over it, which keeps white text far above 4.5:1 whatever the picture shows; without one
 * it is a cream band. The built-in pages' and the home page's hero (PageHero.astro renders this).
 */
export function HeroBand({
  eyebrow,
  title,
  lead,
  image,
  large = false,
  ...actions
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  image: SectionImage | null;
  /** The taller home-page hero. */
  large?: boolean;
} & Actions) {
  return (
    <section
      className={`relative isolate overflow-hidden ${image ? `bg-maroon-900 text-cream-50 sm:flex sm:items-end ${large ? 'sm:min-h-[36rem] lg:min-h-[40rem]' : 'sm:min-h-[30rem]'}` : 'bg-cream-100'}`}
    >
      {image && (
        <Picture
          image={image}
          eager
          className="aspect-[4/3] w-full object-cover sm:absolute sm:inset-0 sm:-z-20 sm:aspect-auto sm:h-full"
        />
      )}
      <div className={`container-page w-full ${image ? 'pb-10 sm:pt-40 sm:pb-12' : 'py-16 sm:py-24'}`}>
        <div
          className={
            image ? 'relative -mt-16 max-w-xl rounded-2xl bg-maroon-900/90 p-6 shadow-xl sm:mt-0 sm:p-10' : 'max-w-2xl'
          }
        >
          {eyebrow && (
            <p
              className={`text-sm font-semibold tracking-widest uppercase ${image ? 'text-gold-400' : 'text-saffron-700'}`}
            >
              {eyebrow}
            </p>
          )}
          <h1
            className={`font-bold text-balance ${eyebrow ? 'mt-3' : ''} text-4xl sm:text-5xl ${image ? 'text-white' : ''}`}
          >
            {title}
          </h1>
          {lead && <p className={`mt-5 text-lg sm:text-xl ${image ? 'text-cream-50' : 'text-stone-700'}`}>{lead}</p>}
          {hasActions(actions) && <div className="mt-8 flex flex-wrap gap-4" {...actionsOf(actions)} />}
        </div>
      </div>
    </section>
  );
}

function Hero({ section, bookingUrl }: { section: Extract<ViewSection, { type: 'hero' }>; bookingUrl: string }) {
  return (
    <HeroBand eyebrow={section.eyebrow} title={section.title} lead={section.lead} image={section.image}>
      {section.buttons.length > 0 && (
        <Buttons buttons={section.buttons} bookingUrl={bookingUrl} onDark={Boolean(section.image)} />
      )}
    </HeroBand>
  );
}

/** Text beside a picture (as MediaSection.astro), or a column of text when there is none. */
function Story({
  section,
  id,
  index,
  html,
}: {
  section: Extract<ViewSection, { type: 'story' }>;
  id: string;
  index: number;
  html?: string;
}) {
  const { image } = section;
  // Links, lists and subheadings of the markdown styled too (plain paragraphs look as before).
  const bodyClass = `${image ? 'mt-5' : 'mt-6'} space-y-4 text-lg text-stone-700 [&_a]:font-semibold [&_a]:text-maroon-800 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_h3]:text-xl [&_h3]:font-bold [&_h4]:font-bold`;
  const body =
    html !== undefined ? (
      <Markdown className={bodyClass} html={html} />
    ) : (
      <Markdown className={bodyClass} markdown={section.content} options={{ topLevel: 3 }} />
    );
  const eyebrow = section.eyebrow && (
    <p className="text-sm font-semibold tracking-widest text-saffron-700 uppercase">{section.eyebrow}</p>
  );
  const heading = (
    <h2 id={id} className="mt-2 text-3xl font-bold sm:text-4xl">
      {section.title}
    </h2>
  );
  if (!image)
    return (
      <section aria-labelledby={id} className="container-page mt-16 max-w-3xl">
        {eyebrow}
        {heading}
        {body}
      </section>
    );
  // Right after the hero it may sit above the fold: shown at once, not revealed on scroll.
  const reveal = index > 1 ? '' : undefined;
  return (
    <section aria-labelledby={id} className="container-page mt-20 grid items-center gap-8 lg:grid-cols-2 lg:gap-14">
      <div data-reveal={reveal} className={section.imageRight ? 'lg:order-last' : undefined}>
        <Picture image={image} className="aspect-[4/3] w-full rounded-3xl object-cover shadow-lg" />
      </div>
      <div data-reveal={reveal} style={{ '--reveal-delay': '100ms' } as CSSProperties}>
        {eyebrow}
        {heading}
        {body}
      </div>
    </section>
  );
}

const COLUMNS = { '2': 'md:grid-cols-2', '3': 'md:grid-cols-3', '4': 'sm:grid-cols-2 lg:grid-cols-4' } as const;

function Cards({ section, id }: { section: Extract<ViewSection, { type: 'cards' }>; id: string }) {
  const { dark } = section;
  const list = (
    <ul className={`grid gap-6 ${COLUMNS[section.columns]}`}>
      {section.items.map((c, i) =>
        section.large ? (
          <li
            key={i}
            data-reveal=""
            style={delay(i)}
            className={`flex flex-col rounded-2xl p-8 ${dark ? 'bg-white/10 text-cream-50' : 'bg-white shadow-sm ring-1 ring-stone-200'}`}
          >
            <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-cream-100 text-maroon-800">
              <Icon name={c.icon} className="h-7 w-7" />
            </span>
            <h3 className={`mt-5 text-2xl font-bold ${dark ? 'text-white' : ''}`}>{c.title}</h3>
            <p className={`mt-3 mb-6 ${dark ? '' : 'text-stone-700'}`}>{c.text}</p>
            {c.linkHref && (
              <a
                href={c.linkHref}
                className={`mt-auto self-start py-1 font-semibold underline ${dark ? 'text-white' : 'text-maroon-800 hover:text-maroon-900'}`}
              >
                {c.linkLabel || c.linkHref}
              </a>
            )}
          </li>
        ) : (
          <FeatureCard key={i} dark={dark} icon={c.icon} title={c.title} index={i}>
            {c.text}
            {c.linkHref && (
              <>
                {' '}
                <a href={c.linkHref} className="font-semibold underline">
                  {c.linkLabel || c.linkHref}
                </a>
              </>
            )}
          </FeatureCard>
        ),
      )}
    </ul>
  );
  const header = (
    <div data-reveal="">
      <SectionHeader id={id} dark={dark} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
    </div>
  );
  return dark ? (
    <section aria-labelledby={id} className="mt-20 bg-maroon-900 py-16">
      <div className="container-page">
        {header}
        {list}
      </div>
    </section>
  ) : (
    <section aria-labelledby={id} className="container-page mt-20">
      {header}
      {list}
    </section>
  );
}

function Team({ section, id }: { section: Extract<ViewSection, { type: 'team' }>; id: string }) {
  return (
    <section aria-labelledby={id} className="container-page mt-20">
      <div data-reveal="">
        <SectionHeader id={id} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
      </div>
      <ul className="grid gap-6 sm:grid-cols-3">
        {section.members.map((m, i) => (
          <li
            key={i}
            data-reveal=""
            style={{ '--reveal-delay': `${i * 100}ms` } as CSSProperties}
            className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200"
          >
            <span
              aria-hidden="true"
              className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-maroon-800 font-serif text-3xl font-bold text-white"
            >
              {m.name.slice(0, 1)}
            </span>
            <h3 className="mt-4 text-2xl font-bold">{m.name}</h3>
            <p className="mt-1 font-semibold text-saffron-700">{m.role}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The closing call to action of a page: a maroon band with a heading, a sentence and buttons (CtaBand.astro too). */
export function CtaBand({ id, title, text, ...actions }: { id: string; title: string; text: string } & Actions) {
  return (
    <section aria-labelledby={id} className="container-page mt-20">
      <div data-reveal="" className="rounded-3xl bg-maroon-800 px-6 py-12 text-center text-cream-50 sm:px-12 sm:py-16">
        <h2 id={id} className="text-3xl font-bold text-white sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4" {...actionsOf(actions)} />
      </div>
    </section>
  );
}

function Cta({
  section,
  id,
  bookingUrl,
}: {
  section: Extract<ViewSection, { type: 'cta' }>;
  id: string;
  bookingUrl: string;
}) {
  return (
    <CtaBand id={id} title={section.title} text={section.text}>
      <Buttons buttons={section.buttons} bookingUrl={bookingUrl} onDark />
    </CtaBand>
  );
}

/** A part of the site in the preview: what it is, since its inside comes from the site's code. */
function PartPlaceholder({ section, id }: { section: Extract<ViewSection, { type: 'part' }>; id: string }) {
  return (
    <section aria-labelledby={id} className="container-page mt-20">
      <SectionHeader
        id={id}
        eyebrow={section.eyebrow}
        title={section.title || PARTS[section.part]}
        lead={section.lead}
      />
      <p className="rounded-2xl border-2 border-dashed border-stone-300 p-8 text-center text-stone-700">
        {PARTS[section.part]}: shown here on the live page, from the site’s own data.
      </p>
    </section>
  );
}

export default function TypedSection({ section, index, id, bookingUrl, html }: TypedSectionProps) {
  switch (section.type) {
    case 'hero':
      return <Hero section={section} bookingUrl={bookingUrl} />;
    case 'story':
      return <Story section={section} id={id} index={index} html={html} />;
    case 'cards':
      return <Cards section={section} id={id} />;
    case 'team':
      return <Team section={section} id={id} />;
    case 'cta':
      return <Cta section={section} id={id} bookingUrl={bookingUrl} />;
    case 'part':
      return <PartPlaceholder section={section} id={id} />;
  }
}
