-- #26: a redirect's source and target, when they are paths of this site, are plain paths. `/.//evil.example/` passed
-- the protocol-relative check of 20261123120000 and went out as `Location: //evil.example/` (another host); a
-- backslash is read as a slash by browsers, and a dot segment or an empty one changes what the path names. The query
-- part (`/page?id=3`) is not checked. NOT VALID: every write from now on; the build leaves out an older row
-- (src/lib/redirects/compile.ts). The admin's form says the same (src/lib/paths.ts isPlainSitePath).
alter table public.seo_redirects
  add constraint seo_redirects_from_url_plain_path
    check (from_url !~ '^/' or split_part(split_part(from_url, '?', 1), '#', 1) !~ '([\\]|//|/\.{1,2}(/|$))') not valid,
  add constraint seo_redirects_to_url_plain_path
    check (to_url !~ '^/' or split_part(split_part(to_url, '?', 1), '#', 1) !~ '([\\]|//|/\.{1,2}(/|$))') not valid;
