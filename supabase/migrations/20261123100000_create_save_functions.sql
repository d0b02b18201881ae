-- Atomic saves of the page and blog post editors (D24): the row, its content blocks and sections, and the version
-- it records are written by one function call, so one transaction: any error (a stale row, a refused write, a
-- failed constraint) rolls all of it back. The functions are security invoker, so row-level security decides as
-- for direct writes (admins only), and they perform the updated_at check of D18.
--
-- Errors, as PostgREST answers them (supabase-js: error.code, error.message, HTTP status):
--   PT409 (409)  the row changed (or was deleted) since the editor loaded it; nothing was saved
--   42501 (403)  the caller may not save the row: row-level security refused or hid it
--   23514 (400)  'Title and content are required' (posts), 'Title is required' (pages), or a table constraint
--   42703, 22023 (400)  a field the table does not have, or a malformed argument
-- plus the tables' own constraint errors (23502, 23505, 23514, 22P02) unchanged.

-- Helpers of the save functions. `private` is not in the Data API's schemas, so these are reachable only from the
-- functions below. They are security invoker too: they can do nothing the caller could not do directly.
create schema private;

comment on schema private is 'Helpers of the public functions; not exposed through the Data API.';

revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- Writes the named columns of one row (the others keep their values, or take their defaults on insert), as PostgREST
-- writes a JSON body. Column names come from the catalog and values go through jsonb_populate_record, so the
-- dynamic statement never splices caller text.
create function private.write_row(p_table regclass, p_id uuid, p_values jsonb)
returns uuid
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_unknown text;
  v_columns text;
  v_values text;
  v_id uuid;
begin
  select
    string_agg(k.key, ', ' order by k.key) filter (where a.attname is null),
    string_agg(format('%I', a.attname), ', ' order by a.attnum) filter (where a.attname is not null),
    string_agg(format('r.%I', a.attname), ', ' order by a.attnum) filter (where a.attname is not null)
  into v_unknown, v_columns, v_values
  from jsonb_object_keys(p_values) as k (key)
  left join pg_catalog.pg_attribute a
    on a.attrelid = p_table and a.attname = k.key and a.attnum > 0 and not a.attisdropped
  where k.key not in ('id', 'created_at', 'updated_at');

  if v_unknown is not null then
    raise exception using
      errcode = '42703',
      message = format('%s has no field named %s.', p_table, v_unknown);
  end if;

  if p_id is null and v_columns is null then
    execute format('insert into %s default values returning id', p_table) into v_id;
  elsif p_id is null then
    execute format(
      'insert into %1$s (%2$s) select %3$s from pg_catalog.jsonb_populate_record(null::%1$s, $1) as r returning id',
      p_table, v_columns, v_values
    ) into v_id using p_values;
  elsif v_columns is null then
    -- Nothing to change: still touch the row, so that its updated_at records the save.
    execute format('update %s as t set id = t.id where t.id = $1 returning t.id', p_table) into v_id using p_id;
  else
    execute format(
      'update %1$s as t set (%2$s) = (select %3$s from pg_catalog.jsonb_populate_record(null::%1$s, $1) as r) '
        || 'where t.id = $2 returning t.id',
      p_table, v_columns, v_values
    ) into v_id using p_values, p_id;
  end if;

  return v_id; -- null when row-level security left no row to update
end;
$$;

comment on function private.write_row(regclass, uuid, jsonb) is
  'Inserts (p_id null) or updates the row p_id of p_table with the columns named in p_values; returns its id, or null when no row was updated.';

-- Explains why the row to update could not be locked: row-level security hid it or refused the update (42501), or
-- it is gone (PT409). Only a caller that sees every row (an admin, or a role that bypasses row-level security)
-- can tell that it is gone; the refusal itself was row-level security's.
create function private.raise_not_saved(p_table regclass, p_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_visible boolean;
  v_sees_all boolean;
begin
  execute format('select exists (select 1 from %s where id = $1)', p_table) into v_visible using p_id;
  select coalesce((select r.rolbypassrls or r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user), false)
    or coalesce((select public.is_admin()), false)
  into v_sees_all;
  if v_visible or not v_sees_all then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end if;
  raise exception using
    errcode = 'PT409',
    message = 'This item was deleted by someone else since you opened it. Your changes were not saved.';
end;
$$;

comment on function private.raise_not_saved(regclass, uuid) is
  'Raises 42501 (not permitted) or PT409 (deleted meanwhile) for a row the save could not lock.';

-- Makes the blocks or sections of one parent exactly p_rows: rows with an id are updated, rows without are
-- inserted, the parent's rows missing from the list are deleted. A null list leaves them alone. A row's
-- sort_order defaults to its position in the list.
create function private.save_children(p_table regclass, p_parent_column text, p_parent_id uuid, p_rows jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_ids uuid[];
  v_gone uuid[];
  v_foreign uuid[];
  v_row jsonb;
  v_position bigint;
  v_id uuid;
begin
  if p_rows is null or jsonb_typeof(p_rows) = 'null' then
    return;
  end if;
  if p_parent_column not in ('page_id', 'blog_post_id') then
    raise exception using errcode = '22023', message = format('Unknown parent column %s.', p_parent_column);
  end if;
  if jsonb_typeof(p_rows) <> 'array'
    or exists (select 1 from jsonb_array_elements(p_rows) as e (value) where jsonb_typeof(e.value) <> 'object') then
    raise exception using
      errcode = '22023',
      message = format('The %s must be a JSON array of objects, or null to leave them unchanged.', p_table);
  end if;

  select coalesce(array_agg(distinct (e.value ->> 'id')::uuid) filter (where e.value ->> 'id' is not null), '{}')
  into v_ids
  from jsonb_array_elements(p_rows) as e (value);

  -- Every id must be a row of this parent: one deleted meanwhile is a conflict, one of another parent a mistake.
  execute format(
    'select array_agg(x.id) filter (where not exists (select 1 from %1$s c where c.id = x.id)), '
      || 'array_agg(x.id) filter (where exists (select 1 from %1$s c where c.id = x.id and c.%2$I is distinct from $1)) '
      || 'from unnest($2::uuid[]) as x (id)',
    p_table, p_parent_column
  ) into v_gone, v_foreign using p_parent_id, v_ids;
  if v_foreign is not null then
    raise exception using
      errcode = '22023',
      message = format('These %s rows belong to another item: %s.', p_table, array_to_string(v_foreign, ', '));
  end if;
  if v_gone is not null then
    raise exception using
      errcode = 'PT409',
      message = 'This item was changed by someone else since you opened it. Your changes were not saved; reload to see the latest version.',
      detail = format('%s rows deleted meanwhile: %s.', p_table, array_to_string(v_gone, ', '));
  end if;

  execute format('delete from %s where %I = $1 and not (id = any ($2))', p_table, p_parent_column)
    using p_parent_id, v_ids;

  for v_row, v_position in select e.value, e.ordinality from jsonb_array_elements(p_rows) with ordinality as e loop
    v_id := (v_row ->> 'id')::uuid;
    v_row := (v_row - 'page_id' - 'blog_post_id') || jsonb_build_object(p_parent_column, p_parent_id);
    if not v_row ? 'sort_order' then
      v_row := v_row || jsonb_build_object('sort_order', v_position - 1);
    end if;
    if private.write_row(p_table, v_id, v_row) is null and v_id is not null then
      raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
    end if;
  end loop;
end;
$$;

comment on function private.save_children(regclass, text, uuid, jsonb) is
  'Makes the content_blocks or sections rows of one page or post exactly the given list (null: unchanged).';

-- Records the saved state in content_versions: the blocks (as the version history restores them), the sections,
-- the parent's title, slug, content and updated_at, and the change note if any.
create function private.record_version(p_page_id uuid, p_blog_post_id uuid, p_saved jsonb, p_change_note text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  insert into public.content_versions (page_id, blog_post_id, version_data)
  values (
    p_page_id,
    p_blog_post_id,
    p_saved
      || jsonb_build_object(
        'blocks', coalesce((
          select jsonb_agg(
            jsonb_build_object(
              'block_type', b.block_type, 'content', b.content, 'sort_order', b.sort_order, 'is_active', b.is_active
            )
            order by b.sort_order, b.created_at, b.id
          )
          from public.content_blocks b
          where b.page_id = p_page_id or b.blog_post_id = p_blog_post_id
        ), '[]'::jsonb),
        'sections', coalesce((
          select jsonb_agg(
            jsonb_build_object(
              'section_name', s.section_name, 'section_content', s.section_content,
              'sort_order', s.sort_order, 'is_active', s.is_active
            )
            order by s.sort_order, s.created_at, s.id
          )
          from public.sections s
          where s.page_id = p_page_id or s.blog_post_id = p_blog_post_id
        ), '[]'::jsonb)
      )
      || case
        when nullif(btrim(p_change_note), '') is null then '{}'::jsonb
        else jsonb_build_object('change_note', btrim(p_change_note))
      end
  );
end;
$$;

comment on function private.record_version(uuid, uuid, jsonb, text) is
  'Adds a content_versions row with the current blocks and sections of a page or post, its saved fields and the change note.';

-- The checks both save functions make before writing: well-formed arguments and the change note's bound.
create function private.check_save_arguments(p_row jsonb, p_change_note text)
returns void
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  if jsonb_typeof(p_row) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'The item to save must be a JSON object of its fields.';
  end if;
  if char_length(p_change_note) > 500 then
    raise exception using errcode = '22001', message = 'The change note may have at most 500 characters.';
  end if;
end;
$$;

comment on function private.check_save_arguments(jsonb, text) is 'Refuses a non-object row or a change note over 500 characters.';

-- The stale-row check of D18, shared so both functions word it alike.
create function private.check_not_stale(p_current timestamptz, p_expected timestamptz)
returns void
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  if p_expected is null then
    raise exception using
      errcode = '22023',
      message = 'p_expected_updated_at (the updated_at the editor loaded) is required to update an existing item.';
  end if;
  if p_current <> p_expected then
    raise exception using
      errcode = 'PT409',
      message = 'This item was changed by someone else since you opened it. Your changes were not saved; reload to see the latest version.',
      detail = format('Saved at %s; the editor loaded the version of %s.', p_current, p_expected);
  end if;
end;
$$;

comment on function private.check_not_stale(timestamptz, timestamptz) is
  'Raises PT409 when the row''s updated_at is no longer the one the editor loaded (D18).';

create function public.save_blog_post(
  p_post jsonb,
  p_blocks jsonb default null,
  p_sections jsonb default null,
  p_expected_updated_at timestamptz default null,
  p_change_note text default null
)
returns public.blog_posts
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_current public.blog_posts;
  v_new public.blog_posts;
  v_saved public.blog_posts;
begin
  perform private.check_save_arguments(p_post, p_change_note);
  v_id := nullif(p_post ->> 'id', '')::uuid;

  if v_id is null then
    v_new := jsonb_populate_record(null::public.blog_posts, p_post);
  else
    -- Lock the row, so a concurrent save waits and then sees this one's updated_at.
    select * into v_current from public.blog_posts where id = v_id for update;
    if not found then
      perform private.raise_not_saved('public.blog_posts', v_id);
    end if;
    perform private.check_not_stale(v_current.updated_at, p_expected_updated_at);
    v_new := jsonb_populate_record(v_current, p_post);
  end if;

  if coalesce(btrim(v_new.title), '') = '' or coalesce(btrim(v_new.content), '') = '' then
    raise exception using errcode = '23514', message = 'Title and content are required';
  end if;

  begin
    v_id := private.write_row('public.blog_posts', v_id, p_post);
  exception when insufficient_privilege then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end;
  if v_id is null then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end if;

  perform private.save_children('public.content_blocks', 'blog_post_id', v_id, p_blocks);
  perform private.save_children('public.sections', 'blog_post_id', v_id, p_sections);

  select * into v_saved from public.blog_posts where id = v_id;
  perform private.record_version(
    null,
    v_id,
    jsonb_build_object(
      'title', v_saved.title, 'slug', v_saved.slug, 'content', v_saved.content, 'updated_at', v_saved.updated_at
    ),
    p_change_note
  );
  return v_saved;
end;
$$;

comment on function public.save_blog_post(jsonb, jsonb, jsonb, timestamptz, text) is
  'Saves a blog post (insert when p_post has no id, else update after the updated_at check), its content blocks and sections (complete lists; null leaves them) and a version, in one transaction (D24). PT409 when the post changed since p_expected_updated_at.';

create function public.save_page(
  p_page jsonb,
  p_blocks jsonb default null,
  p_sections jsonb default null,
  p_expected_updated_at timestamptz default null,
  p_change_note text default null
)
returns public.pages
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_current public.pages;
  v_new public.pages;
  v_saved public.pages;
begin
  perform private.check_save_arguments(p_page, p_change_note);
  v_id := nullif(p_page ->> 'id', '')::uuid;

  if v_id is null then
    v_new := jsonb_populate_record(null::public.pages, p_page);
  else
    select * into v_current from public.pages where id = v_id for update;
    if not found then
      perform private.raise_not_saved('public.pages', v_id);
    end if;
    perform private.check_not_stale(v_current.updated_at, p_expected_updated_at);
    v_new := jsonb_populate_record(v_current, p_page);
  end if;

  if coalesce(btrim(v_new.title), '') = '' then
    raise exception using errcode = '23514', message = 'Title is required';
  end if;

  begin
    v_id := private.write_row('public.pages', v_id, p_page);
  exception when insufficient_privilege then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end;
  if v_id is null then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end if;

  perform private.save_children('public.content_blocks', 'page_id', v_id, p_blocks);
  perform private.save_children('public.sections', 'page_id', v_id, p_sections);

  select * into v_saved from public.pages where id = v_id;
  perform private.record_version(
    v_id,
    null,
    jsonb_build_object(
      'title', v_saved.title, 'slug', v_saved.slug, 'content', v_saved.content, 'updated_at', v_saved.updated_at
    ),
    p_change_note
  );
  return v_saved;
end;
$$;

comment on function public.save_page(jsonb, jsonb, jsonb, timestamptz, text) is
  'Saves a page (insert when p_page has no id, else update after the updated_at check), its content blocks and sections (complete lists; null leaves them) and a version, in one transaction (D24). PT409 when the page changed since p_expected_updated_at.';

-- New functions are executable by PUBLIC unless revoked; hosted Supabase no longer grants them to the API roles.
revoke execute on function
  private.write_row(regclass, uuid, jsonb),
  private.raise_not_saved(regclass, uuid),
  private.save_children(regclass, text, uuid, jsonb),
  private.record_version(uuid, uuid, jsonb, text),
  private.check_save_arguments(jsonb, text),
  private.check_not_stale(timestamptz, timestamptz),
  public.save_blog_post(jsonb, jsonb, jsonb, timestamptz, text),
  public.save_page(jsonb, jsonb, jsonb, timestamptz, text)
from public, anon;

grant execute on function
  private.write_row(regclass, uuid, jsonb),
  private.raise_not_saved(regclass, uuid),
  private.save_children(regclass, text, uuid, jsonb),
  private.record_version(uuid, uuid, jsonb, text),
  private.check_save_arguments(jsonb, text),
  private.check_not_stale(timestamptz, timestamptz),
  public.save_blog_post(jsonb, jsonb, jsonb, timestamptz, text),
  public.save_page(jsonb, jsonb, jsonb, timestamptz, text)
to authenticated, service_role;
