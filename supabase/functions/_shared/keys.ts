/**
 * The keys in one of the JSON objects hosted Edge Functions get for the new API keys, `SUPABASE_SECRET_KEYS` and
 * `SUPABASE_PUBLISHABLE_KEYS` (`{"default": "sb_secret_…", …}`), the `default` one first. Empty when unset.
 */
export function keysOf(name: string): string[] {
  try {
    const parsed: unknown = JSON.parse(Deno.env.get(name) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    const { default: first, ...rest } = parsed as Record<string, unknown>;
    return [first, ...Object.values(rest)].filter((k): k is string => typeof k === 'string' && k !== '');
  } catch {
    return [];
  }
}

/**
 * The keys that stand for the service role: the new secret keys first (the legacy JWT keys may be disabled in the
 * dashboard while their variables remain set), then the legacy service_role JWT.
 */
export function serviceKeys(): string[] {
  return [...keysOf('SUPABASE_SECRET_KEYS'), Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? ''].filter((k) => k !== '');
}
