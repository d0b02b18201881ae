-- In-place edits leave a version (#31, D4, D24). A fix made on the public page is recorded in content_versions
-- exactly as a save from the full editor is, so Version History lists it and Restore can bring it back:
--
-- * a post's text or featured image alt text: the in-place editor calls public.save_blog_post itself (the post's
--   changed field, no block or section list, the updated_at the page was built from); nothing new is needed here;
-- * a text block (the cafe page's): public.save_content_block below writes the block after checking the block's
--   own updated_at (the one the page carries, D18), then saves its page (or post) through save_page (or
--   save_blog_post) with nothing to change. That save touches the parent's updated_at (so an editor still holding
--   the page as it was answers PT409 instead of writing the old block back) and records the parent's version.
--
-- So what a version holds is still decided in one place, the save functions and private.record_version. The new
-- function is security invoker, like them: row-level security decides (admins only), and anon cannot execute it.
--
-- Errors (as PostgREST answers them): PT409 (409) the block or its parent changed or was deleted since the page was
-- built; 42501 (403) the caller may not change it; 22023 (400) a malformed argument; plus the table's constraints.

create function public.save_content_block(
  p_block_id uuid,
  p_content jsonb,
  p_expected_updated_at timestamptz
)
returns public.content_blocks
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_page_id uuid;
  v_post_id uuid;
  v_parent_updated_at timestamptz;
  v_block public.content_blocks;
begin
  if jsonb_typeof(p_content) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'The block''s content must be a JSON object.';
  end if;

  select b.page_id, b.blog_post_id into v_page_id, v_post_id from public.content_blocks b where b.id = p_block_id;
  if not found then
    perform private.raise_not_saved('public.content_blocks', p_block_id);
  end if;

  -- Lock the parent, then the block: the order in which save_page and save_blog_post lock them, so a concurrent
  -- editor save waits for this one (and then answers PT409) instead of deadlocking with it.
  if v_page_id is not null then
    select p.updated_at into v_parent_updated_at from public.pages p where p.id = v_page_id for update;
    if not found then
      perform private.raise_not_saved('public.pages', v_page_id);
    end if;
  else
    select p.updated_at into v_parent_updated_at from public.blog_posts p where p.id = v_post_id for update;
    if not found then
      perform private.raise_not_saved('public.blog_posts', v_post_id);
    end if;
  end if;

  select * into v_block from public.content_blocks b where b.id = p_block_id for update;
  if not found then
    perform private.raise_not_saved('public.content_blocks', p_block_id);
  end if;
  if v_block.page_id is distinct from v_page_id or v_block.blog_post_id is distinct from v_post_id then
    raise exception using
      errcode = 'PT409',
      message = 'This item was changed by someone else since you opened it. Your changes were not saved; reload to see the latest version.',
      detail = 'The block moved to another page or post meanwhile.';
  end if;
  perform private.check_not_stale(v_block.updated_at, p_expected_updated_at);

  begin
    update public.content_blocks b set content = p_content where b.id = p_block_id returning * into v_block;
  exception when insufficient_privilege then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end;
  if not found then
    raise exception using errcode = '42501', message = 'You do not have permission to save this item.';
  end if;

  -- The parent's version, recorded as the editors record it (D24): a save that changes none of its fields.
  if v_page_id is not null then
    perform public.save_page(jsonb_build_object('id', v_page_id), null, null, v_parent_updated_at, null);
  else
    perform public.save_blog_post(jsonb_build_object('id', v_post_id), null, null, v_parent_updated_at, null);
  end if;

  return v_block;
end;
$$;

comment on function public.save_content_block(uuid, jsonb, timestamptz) is
  'In-place editing (D4): replaces one content block''s content after the block''s updated_at check (D18), touches its page or post and records that parent''s version through save_page / save_blog_post, in one transaction (D24). PT409 when the block changed since p_expected_updated_at.';

-- New functions are executable by PUBLIC unless revoked; hosted Supabase no longer grants them to the API roles.
revoke execute on function public.save_content_block(uuid, jsonb, timestamptz) from public, anon;
grant execute on function public.save_content_block(uuid, jsonb, timestamptz) to authenticated, service_role;
