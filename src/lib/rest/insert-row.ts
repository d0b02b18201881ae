/**
 * Inserts one row through Supabase's REST endpoint with the anon key, using plain fetch (decision D3: no
 * supabase-js on public pages). Nothing is read back (`return=minimal`): visitors may add rows they cannot read.
 */
export class InsertError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function insertRow(
  url: string,
  anonKey: string,
  table: string,
  row: Record<string, unknown>,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const res = await fetchImpl(`${url}/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${anonKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify(row),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new InsertError(
      `${table} insert failed (${res.status}): ${body.message ?? res.statusText}`,
      res.status,
      body.code,
    );
  }
}
