-- The cafe page's text blocks name the section they fill (#31), `content.section`, one of the keys of
-- src/data/cafe.ts. They were matched to sections by position, so deleting one moved every later text under the
-- wrong heading. Existing blocks get the key of the section their position gave them until now: the active text
-- blocks with text, in sort order, fill the sections in order (hero, intro, philosophy, ...).
with keys(key, n) as (
  select key, n
  from unnest(array['hero', 'intro', 'philosophy', 'food', 'menu', 'atmosphere', 'music', 'design', 'welcome'])
    with ordinality as k(key, n)
),
ordered as (
  select b.id, row_number() over (order by b.sort_order, b.id) as n
  from public.content_blocks b
  join public.pages p on p.id = b.page_id
  where p.slug = 'boudha-cafe-de-mandala'
    and b.block_type = 'text'
    and b.is_active
    and coalesce(btrim(b.content ->> 'text'), '') <> ''
    and not (b.content ? 'section')
)
update public.content_blocks b
set content = b.content || jsonb_build_object('section', keys.key)
from ordered
join keys on keys.n = ordered.n
where b.id = ordered.id;
