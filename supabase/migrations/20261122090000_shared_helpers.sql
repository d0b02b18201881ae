-- Shared helpers used by the tables that follow.

-- Keeps updated_at true on every update; the admin's "changed since loaded" check (D18) depends on it.
create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function public.set_updated_at() is 'Trigger: stamps updated_at on every update.';
revoke execute on function public.set_updated_at() from public, anon, authenticated;
