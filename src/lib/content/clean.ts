/**
 * The build never fails on a stored value it cannot use (issue #16). The database refuses bad URLs since
 * 20261123120000, but rows written before that, or by hand, may still hold one; a single `http://[bad` in a
 * featured image used to stop every publish (`TypeError: Invalid URL`). Each getter passes its rows through
 * here: a URL column that is neither an http(s) URL that parses nor a root-relative path is left out (null), and
 * the build log names the table, the row and the column.
 */

/** An address a page may print: an http(s) URL that parses, or a path starting with one slash. */
export function isUsableUrl(value: string): boolean {
  const v = value.trim();
  if (!v) return false;
  if (v.startsWith('/')) return !/^\/[/\\]/.test(v) && !/[\s<>"]/.test(v);
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !/[\s<>"]/.test(v);
  } catch {
    return false;
  }
}

type Warn = (message: string) => void;

/**
 * The rows with each unusable URL among `columns` set to null. `key` names the row in the log (its id, or the
 * route of a static_page_seo row).
 */
export function withUsableUrls<T extends object>(
  table: string,
  rows: T[],
  columns: ReadonlyArray<keyof T & string>,
  key: (row: T) => string,
  warn: Warn = (m) => console.warn(m),
): T[] {
  return rows.map((row) => {
    let clean: T | undefined;
    for (const column of columns) {
      const value = row[column];
      if (typeof value !== 'string' || value.trim() === '' || isUsableUrl(value)) continue;
      clean ??= { ...row };
      (clean as Record<string, unknown>)[column] = null;
      warn(
        `[content] ${table} ${key(row)} ${column}: ${JSON.stringify(value.slice(0, 80))} is not an http(s) URL or a path; left out`,
      );
    }
    return clean ?? row;
  });
}
