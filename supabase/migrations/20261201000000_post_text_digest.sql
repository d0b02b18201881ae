-- What a publish reads of each post (#28). A layered build renders only the pages whose key changed, but it read
-- every live post whole to make every page's key and the excerpts of the lists, the sitemap and the search index:
-- with posts of a few kilobytes, about 45 MB at 10,000 posts on every publish. The database now keeps, for each
-- post, a digest of its text (the key's part) and the text's opening (all an excerpt can use: EXCERPT_LENGTH * 4
-- characters, src/lib/blog/format.ts), and a layered build reads whole texts only for the posts whose pages render
-- (src/lib/content/site.ts, getPostTexts). Stored, so that a read costs no hashing: the columns change only when
-- the text does.
--
-- left() counts characters, JavaScript's slice() UTF-16 units: 600 characters are at least 600 units, so the
-- excerpt made from the opening is the one made from the whole text (tests/integration/post-texts.test.ts).

alter table public.blog_posts
  add column content_digest text not null generated always as (md5(content)) stored,
  add column content_opening text not null generated always as (left(content, 600)) stored;

comment on column public.blog_posts.content_digest is
  'md5 of content, kept by the database: part of the post page''s cache key (src/lib/content/cache-keys.ts).';
comment on column public.blog_posts.content_opening is
  'The first 600 characters of content, kept by the database: all the excerpt can use (src/lib/blog/format.ts).';

-- Clients write the other columns only: the save functions pass over generated columns, as they do id.
create or replace function private.write_row(p_table regclass, p_id uuid, p_values jsonb)
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
  where k.key not in ('id', 'created_at', 'updated_at')
    -- A generated column is the database's to write (blog_posts.content_digest): passed over, as id is.
    and coalesce(a.attgenerated, '') = '';

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


-- The activity log records what staff changed: a generated column's change is its source's, already recorded.
create or replace function private.log_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  v_role text := coalesce(v_claims ->> 'role', 'system');
  -- Generated columns (blog_posts.content_digest and content_opening) follow from the others: left out.
  v_generated text[] := array(
    select a.attname::text from pg_catalog.pg_attribute a
     where a.attrelid = tg_relid and a.attnum > 0 and not a.attisdropped and a.attgenerated <> ''
  );
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - v_generated end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - v_generated end;
  v_before jsonb;
  v_after jsonb;
  v_withheld text[] := coalesce(tg_argv, '{}');
begin
  if v_role not in ('authenticated', 'service_role', 'anon') then
    v_role := 'system';
  end if;
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, o.value), jsonb_object_agg(n.key, n.value)
      into v_before, v_after
      from jsonb_each(v_new) n
      join jsonb_each(v_old) o on o.key = n.key
     where n.value is distinct from o.value and n.key <> 'updated_at';
    if v_after is null then
      return null; -- touched, not changed
    end if;
  elsif tg_op = 'INSERT' then
    v_after := v_new;
  else
    v_before := v_old;
  end if;
  -- Personal columns: their names stay, their values never enter the log.
  select jsonb_object_agg(key, case when key = any (v_withheld) then '"(withheld)"'::jsonb else value end)
    into v_before from jsonb_each(v_before);
  select jsonb_object_agg(key, case when key = any (v_withheld) then '"(withheld)"'::jsonb else value end)
    into v_after from jsonb_each(v_after);

  insert into public.activity_log (actor_id, actor_role, table_name, row_id, action, old_values, new_values)
  values (
    case when v_role = 'authenticated' then nullif(v_claims ->> 'sub', '')::uuid end,
    v_role,
    tg_table_name,
    coalesce(v_new ->> 'id', v_old ->> 'id'),
    lower(tg_op),
    v_before,
    v_after
  );
  return null;
end;
$$;
