-- Staff roles and the is_admin() check that every admin-only policy calls.

create type public.app_role as enum ('admin');

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  constraint user_roles_user_id_key unique (user_id)
);

comment on table public.user_roles is 'The role of a staff user; a user without a row has no role. admin unlocks the dashboard.';

alter table public.user_roles enable row level security;

-- security definer: it must read user_roles past that table's own policies (which call it), and is safe because
-- it answers only for the caller (auth.uid()) and takes no arguments.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles
    where user_id = (select auth.uid()) and role = 'admin'
  );
$$;

comment on function public.is_admin() is 'True when the signed-in caller has the admin role.';
revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;

create policy "users read their own role; admins read all"
  on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "admins grant roles"
  on public.user_roles for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins change roles"
  on public.user_roles for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins revoke roles"
  on public.user_roles for delete to authenticated
  using ((select public.is_admin()));
