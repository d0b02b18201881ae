/**
 * The section types (#31), defined once. A section's `section_content` is one of these shapes, told apart by its
 * `type`; a section without a `type` is a text section (the shape sections had before #31). From these schemas come:
 * - the database check (`private.section_content_ok`, migration 20261127000000_typed_sections.sql): the literal
 *   it checks against is `sqlSectionSpec()`, and tests/unit/section-schema.test.ts fails when the two differ;
 * - the Sections tab's forms (src/admin/components/body-editors/TypedSectionForm.tsx), one field per key, labelled
 *   and bounded by each field's `meta`;
 * - the build and the admin's live preview, which render a parsed section with the same components
 *   (src/components/sections/TypedSection.tsx).
 *
 * Browser-safe (the admin imports it): zod/mini through the admin's jitless module, as every browser schema.
 */
import * as z from '../../admin/lib/zod';
import { ICON_NAMES } from '../../components/sections/icons';

/** What a form needs of a field: its label, and for lists what one item is called. */
export interface FieldMeta {
  label: string;
  hint?: string;
  /** A long text: a textarea rather than a line. */
  multiline?: boolean;
  /** Markdown, rendered through the site's sanitiser. */
  markdown?: boolean;
  /** A list's item, for 'Add button' and 'Remove button 2'. */
  item?: string;
  /** Labels of a choice's values. */
  options?: Record<string, string>;
}

/** Each field's label and hints, for the forms (zod/mini has no .meta; a registry is its way). */
export const FIELD_META = z.registry<FieldMeta>();
const described = <T extends z.ZodMiniType>(schema: T, meta: FieldMeta): T => {
  FIELD_META.add(schema, meta);
  return schema;
};

const atMost = (max: number) => `at most ${max.toLocaleString('en')} characters`;
const bounded = (max: number) => z.string().check(z.maxLength(max, atMost(max)));
const text = (label: string, max: number, extra: Omit<FieldMeta, 'label'> = {}) =>
  described(z._default(bounded(max), ''), { label, ...extra });
const flag = (label: string, hint?: string) => described(z._default(z.boolean(), false), { label, hint });
/**
 * A heading or a name a section cannot do without (an empty one is an empty <h1>/<h2> that the section's
 * aria-labelledby points at). Its default is '' all the same: a new section starts empty, and saving asks for it.
 */
const required = (label: string, max: number, extra: Omit<FieldMeta, 'label'> = {}) =>
  described(z._default(bounded(max).check(z.refine((v) => v.trim() !== '', `Enter the ${label.toLowerCase()}`)), ''), {
    label,
    ...extra,
  });

/**
 * An address a link may have, as the markdown allows (src/lib/markdown/render.ts): a path of the site, an anchor,
 * http(s), mailto or tel; never `javascript:`, `data:` or a protocol-relative `//host`.
 */
export const isSafeHref = (v: string) => v === '' || /^(?:\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i.test(v.trim());
/** A picture's address: one of the site's (/images/…) or an http(s) address (an upload). */
export const isSafeImageSrc = (v: string) => /^(?:\/(?!\/)|https?:\/\/)/i.test(v.trim());
const SAFE_HREF = 'an address of the site (/contact/), an anchor (#thangka), or http(s), mailto: or tel:';
const href = (label: string, hint: string) =>
  described(z._default(bounded(500).check(z.refine(isSafeHref, `Use ${SAFE_HREF}`)), ''), { label, hint });

/** A picture: the site's own (/images/…) or an upload; the build makes responsive copies of either. */
const image = described(
  z._default(
    z.nullable(
      z.object({
        src: described(
          bounded(2000).check(
            z.refine(isSafeImageSrc, 'Use an uploaded picture or an address of the site (/images/…)'),
          ),
          {
            label: 'Image address',
            hint: 'An uploaded picture, or /images/… of the site',
          },
        ),
        alt: described(bounded(300), {
          label: 'Alt text',
          hint: 'What the picture shows, for guests who cannot see it',
        }),
      }),
    ),
    null,
  ),
  { label: 'Image' },
);

const button = z
  .object({
    label: text('Button text', 60),
    href: href('Address', 'A page of the site such as /contact/, or a full address'),
    book: flag(
      'Opens the booking site',
      'The hotel’s booking address from Contact Details; the address is then not used',
    ),
  })
  .check(
    // A button is a link guests can name and follow: text always ('Book Now' for a booking button without any),
    // an address unless it opens the booking site.
    z.superRefine((b, ctx) => {
      if (!b.book && b.label.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['label'], message: 'Enter the button text', input: b.label });
      if (!b.book && b.href.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['href'], message: 'Enter the address', input: b.href });
    }),
  );
const list = <T extends z.ZodMiniType>(item: T, max: number, label: string, itemName: string, plural: string) =>
  described(z._default(z.array(item).check(z.maxLength(max, `at most ${max} ${plural}`)), []), {
    label,
    item: itemName,
  });
const buttons = (max: number) => list(button, max, 'Buttons', 'button', 'buttons');

/** The anchor (id) of a section, so a button can link to it (#thangka); letters, digits and dashes. */
const anchor = described(
  z._default(
    bounded(60).check(
      z.regex(/^(?:[a-z][a-z0-9-]*)?$/, 'lower-case letters, digits and dashes, starting with a letter'),
    ),
    '',
  ),
  { label: 'Anchor', hint: 'Optional: lets a button link here, as #anchor' },
);

const header = {
  eyebrow: text('Eyebrow', 80, { hint: 'The small line above the heading' }),
  title: required('Heading', 200),
  lead: text('Lead', 600, { multiline: true }),
};

export const heroSection = z.object({
  type: z.literal('hero'),
  ...header,
  image,
  buttons: buttons(3),
});

export const storySection = z.object({
  type: z.literal('story'),
  anchor,
  eyebrow: header.eyebrow,
  title: header.title,
  content: text('Text', 20_000, { multiline: true, markdown: true }),
  image,
  imageRight: flag('Picture on the right', 'On wide screens; phones show it above the text'),
});

const card = z.object({
  icon: described(z._default(z.enum(ICON_NAMES), 'lotus'), {
    label: 'Icon',
    options: Object.fromEntries(ICON_NAMES.map((n) => [n, n])),
  }),
  title: required('Title', 120),
  text: text('Text', 600, { multiline: true }),
  linkLabel: text('Link text', 60, { hint: 'Optional' }),
  linkHref: href('Link address', 'Optional, such as /location/'),
});

export const CARD_COLUMNS = { '2': 'Two', '3': 'Three', '4': 'Four' } as const;

export const cardsSection = z.object({
  type: z.literal('cards'),
  anchor,
  ...header,
  dark: flag('Maroon band', 'Light text on the hotel’s maroon, across the page'),
  large: flag('Large cards', 'Bigger icons and titles, for two or three cards with links'),
  columns: described(z._default(z.enum(['2', '3', '4']), '3'), {
    label: 'Columns on wide screens',
    options: CARD_COLUMNS,
  }),
  items: list(card, 12, 'Cards', 'card', 'cards'),
});

export const teamSection = z.object({
  type: z.literal('team'),
  anchor,
  ...header,
  members: list(z.object({ name: required('Name', 80), role: text('Role', 80) }), 24, 'People', 'person', 'people'),
});

export const ctaSection = z.object({
  type: z.literal('cta'),
  anchor,
  title: header.title,
  text: text('Text', 600, { multiline: true }),
  buttons: buttons(4),
});

/**
 * A part of a built-in page that comes from the site's code and data (the rooms and their prices, the partner
 * discounts): staff can move, hide or remove it and change its heading, not its inside.
 */
export const PARTS = { rooms: 'Rooms and prices', 'partner-discounts': 'Partner discounts' } as const;
export const partSection = z.object({
  type: z.literal('part'),
  part: described(z.enum(['rooms', 'partner-discounts']), { label: 'Part of the site', options: PARTS }),
  anchor,
  ...header,
  // Its own heading when left empty.
  title: text('Heading', 200, { hint: 'Optional: the part’s own heading when empty' }),
});

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;
/** The shape every section had before #31: a title, markdown and two colours. */
export const textSection = z.object({
  type: z.literal('text'),
  // Lenient, as the build has always read text sections (src/lib/content/pages.ts, toSection): any value that is
  // not text is none; the row's size is the database's bound.
  title: z.catch(z.string(), ''),
  content: z.catch(z.string(), ''),
  // Any value: a colour that is not plain is dropped, never refused (a stored section must not stop a publish).
  style: z.pipe(
    z.optional(z.unknown()),
    z.transform((v) => {
      const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
      const color = (c: unknown) => (typeof c === 'string' && SAFE_COLOR.test(c.trim()) ? c.trim() : undefined);
      return { backgroundColor: color(o.backgroundColor), color: color(o.color) };
    }),
  ),
});

export const TYPED_SECTIONS = {
  hero: heroSection,
  story: storySection,
  cards: cardsSection,
  team: teamSection,
  cta: ctaSection,
  part: partSection,
} as const;
export type TypedSectionType = keyof typeof TYPED_SECTIONS;
export const TYPED_SECTION_TYPES = Object.keys(TYPED_SECTIONS) as TypedSectionType[];

/** What the Sections tab calls each type. */
export const SECTION_TYPE_LABEL: Record<TypedSectionType | 'text', string> = {
  text: 'Text',
  hero: 'Hero',
  story: 'Text with picture',
  cards: 'Cards',
  team: 'Team',
  cta: 'Call to action',
  part: 'Part of the site',
};

export const sectionContent = z.pipe(
  z.transform((v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !('type' in v) ? { ...v, type: 'text' } : v,
  ),
  z.discriminatedUnion('type', [
    textSection,
    heroSection,
    storySection,
    cardsSection,
    teamSection,
    ctaSection,
    partSection,
  ]),
);
export type SectionContent = z.output<typeof sectionContent>;
export type TypedSectionContent = Exclude<SectionContent, { type: 'text' }>;
export type SectionInput = z.input<typeof sectionContent>;

/** Whether stored content is one of the typed sections (not a text section). */
export const isTypedSection = (content: unknown): boolean =>
  Boolean(content) &&
  typeof content === 'object' &&
  TYPED_SECTION_TYPES.includes((content as { type?: unknown }).type as TypedSectionType);

/** A new section of a type, every field at its default. */
export const emptySection = (type: TypedSectionType): TypedSectionContent =>
  (TYPED_SECTIONS[type] as z.ZodMiniType).parse(
    type === 'part' ? { type, part: 'rooms' } : { type },
  ) as TypedSectionContent;

/** The JSON type the database sees for a schema: 'string', 'boolean', 'array', 'object' (nullable: or 'null'). */
type Def = { type: string; innerType?: z.ZodMiniType; in?: z.ZodMiniType };
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function jsonType(schema: z.ZodMiniType): string {
  const def = defOf(schema);
  if (def.type === 'default' || def.type === 'optional' || def.type === 'pipe')
    return jsonType((def.innerType ?? def.in)!);
  if (def.type === 'nullable') return `${jsonType(def.innerType!)}|null`;
  if (def.type === 'enum' || def.type === 'literal') return 'string';
  return def.type;
}

const isRequired = (schema: z.ZodMiniType) => !['default', 'optional'].includes(defOf(schema).type);

/**
 * What the database checks of a typed section: for each type, each key's JSON type (`"object|null"` for an image,
 * which may be null; a trailing `!` when the key must be there). Generated into the migration's `private.section_content_ok`; text sections (no `type`, or
 * `"text"`) are checked for size only, as before.
 */
export function sqlSectionSpec(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    TYPED_SECTION_TYPES.map((t) => [
      t,
      Object.fromEntries(
        Object.entries(TYPED_SECTIONS[t].shape)
          .filter(([key]) => key !== 'type')
          .map(([key, s]) => [key, jsonType(s as z.ZodMiniType) + (isRequired(s as z.ZodMiniType) ? '!' : '')]),
      ),
    ]),
  );
}
