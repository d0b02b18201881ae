/**
 * A stub `fetch` for the admin's component tests: answers the supabase-js reads by table, as PostgREST would (the
 * rows as JSON, or a server error, or a network failure: a rejected fetch), so a tab or a query runs as it does
 * against the stack (maybeSingle() takes an array of one row too). A network failure is retried by postgrest-js
 * (1, 2 and 4 s) and by TanStack Query: tests of one use fake timers.
 */
import { vi } from 'vitest';

export type TableAnswer = unknown[] | { status: number } | 'network';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs `fetch` with answers per table (`/rest/v1/<table>`); any other request fails the test. */
export function stubTables(tables: Record<string, TableAnswer>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const table = /\/rest\/v1\/([^/?]+)/.exec(url.pathname)?.[1];
    const answer = table ? tables[table] : undefined;
    if (answer === undefined) throw new Error(`no stub for ${url.pathname}`);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (Array.isArray(answer)) return json(200, answer);
    return json(answer.status, { code: 'XX000', message: 'database is down', details: null, hint: null });
  });
}
