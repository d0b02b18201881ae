-- Every site build (D17): who or what asked, its state, timing, size, error and log tail.
-- Written by the publisher or the rebuild-site function with the service role; staff read it for the status bar.

create type public.build_status as enum ('queued', 'building', 'succeeded', 'failed');

create table public.site_builds (
  id bigint generated always as identity primary key,
  status public.build_status not null default 'queued',
  trigger text not null default 'admin' check (trigger in ('admin', 'schedule', 'cli', 'deploy', 'startup')),
  requested_by uuid references auth.users (id) on delete set null,
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  duration_ms integer check (duration_ms >= 0),
  page_count integer check (page_count >= 0),
  error text check (char_length(error) <= 10000),
  log_tail text check (char_length(log_tail) <= 20000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint site_builds_times_ordered check (finished_at is null or started_at is null or finished_at >= started_at)
);

comment on table public.site_builds is 'Build history: queued, building, succeeded or failed, with trigger, requester, timing, page count, error and log tail.';

alter table public.site_builds enable row level security;

create trigger site_builds_set_updated_at
  before update on public.site_builds
  for each row execute function public.set_updated_at();

create index site_builds_requested_idx on public.site_builds (requested_at desc);
create index site_builds_status_idx on public.site_builds (status);
create index site_builds_requested_by_idx on public.site_builds (requested_by);

-- Staff read the history. Writes come only from the publisher and the rebuild function (service role, which
-- bypasses RLS), so that no browser can forge a build's state; hence no insert/update/delete policies.
create policy "admins read builds"
  on public.site_builds for select to authenticated
  using ((select public.is_admin()));
