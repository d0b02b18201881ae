/**
 * html-validate for the built site (tests/e2e/html-validate.spec.ts runs it over every page in npm test): the
 * recommended rules, less what React's and Astro's own output trips and is valid HTML all the same.
 */
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // React's server rendering writes the DOM property names maxLength and autoComplete; HTML attribute names are
    // case-insensitive, so browsers read them as maxlength and autocomplete.
    'attr-case': 'off',
    // React writes required="" and <input/>; both are valid HTML for a boolean attribute and a void element.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    'void-style': 'off',
    // React's useId gives ids such as _r1R_0_: valid in HTML (any id without whitespace), only not CSS-friendly.
    'valid-id': ['error', { relaxed: true }],
    // The reveal delay of a list item and a section's colours (src/components/body/Sections.tsx) are per-element
    // values; no other inline style is allowed.
    'no-inline-style': ['error', { allowedProperties: ['--reveal-delay', 'background-color', 'color'] }],
  },
};
