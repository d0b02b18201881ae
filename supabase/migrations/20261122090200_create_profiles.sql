-- Profiles: one per auth user, made from the sign-up metadata (username, full name).

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text check (char_length(username) <= 100),
  full_name text check (char_length(full_name) <= 200),
  avatar_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is 'Public profile of a user; username is shown in the admin welcome message.';

alter table public.profiles enable row level security;

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function public.set_updated_at();

create policy "users read their own profile; admins read all"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()));

create policy "admins create profiles"
  on public.profiles for insert to authenticated
  with check ((select public.is_admin()));

create policy "admins update profiles"
  on public.profiles for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins delete profiles"
  on public.profiles for delete to authenticated
  using ((select public.is_admin()));

-- security definer: runs as the owner when auth creates a user, a moment when the new user has no rights yet.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, username, full_name)
  values (
    new.id,
    coalesce(nullif(new.raw_user_meta_data ->> 'username', ''), split_part(new.email, '@', 1)),
    nullif(new.raw_user_meta_data ->> 'full_name', '')
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

comment on function public.handle_new_user() is 'Trigger on auth.users: creates the profile from sign-up metadata.';
revoke execute on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();
