-- #26: a section or a content block holds at most 210,000 characters of JSON: the 200,000 characters of markdown that
-- posts and pages may hold, plus room for its other fields. Without a bound, one 300 KB section in a preview draft
-- added 85 s to every build. NOT VALID: the bound holds for every write from now on, and a project whose older rows
-- are larger still migrates (the build bounds what it renders, src/lib/markdown/bounds.ts).
alter table public.sections
  add constraint sections_content_size check (char_length(section_content::text) <= 210000) not valid;

alter table public.content_blocks
  add constraint content_blocks_content_size check (char_length(content::text) <= 210000) not valid;

comment on constraint sections_content_size on public.sections is
  'At most 210,000 characters of JSON: 200,000 of markdown plus the other fields (#26).';
comment on constraint content_blocks_content_size on public.content_blocks is
  'At most 210,000 characters of JSON: 200,000 of text plus the other fields (#26).';
