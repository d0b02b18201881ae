-- Storage bucket for uploaded images: public read through public URLs, writes by admins only, images only, 10 MB.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('blog-images', 'blog-images', true, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- No select policy for visitors: public URLs of a public bucket need none, and one would let anyone list files.
create policy "admins list blog images"
  on storage.objects for select to authenticated
  using (bucket_id = 'blog-images' and (select public.is_admin()));

create policy "admins upload blog images"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'blog-images' and (select public.is_admin()));

create policy "admins replace blog images"
  on storage.objects for update to authenticated
  using (bucket_id = 'blog-images' and (select public.is_admin()))
  with check (bucket_id = 'blog-images' and (select public.is_admin()));

create policy "admins delete blog images"
  on storage.objects for delete to authenticated
  using (bucket_id = 'blog-images' and (select public.is_admin()));
