/**
 * zod/mini, for every form schema in browser code. Jitless: zod otherwise probes `new Function` when a schema is
 * made, to compile faster parsers; the Content-Security-Policy (#26) refuses eval, and the browser reports the
 * refused probe as a violation even though zod catches it. The forms' objects are small: the interpreter is
 * fast enough. Importing this module before any schema is made is what turns it off, so schemas import zod only
 * from here (eslint.config.js).
 */
// eslint-disable-next-line no-restricted-imports -- the one place that imports zod/mini
import { config } from 'zod/mini';

config({ jitless: true });

// eslint-disable-next-line no-restricted-imports -- the one place that imports zod/mini
export * from 'zod/mini';
