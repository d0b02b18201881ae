-- A guest's address ends up in links (the admin's reply link is mailto:<address>) and mail headers. The address
-- pattern of D18 allowed `?` and `&` in the local part, as RFC 5322 does, so `x?cc=other@mail.example` turned a
-- reply into a mail to someone else. Addresses with `?`, `&` or white space are refused from now on.
--
-- Rows stored before keep their address, percent-encoded (`%3F`, `%26`: still readable, and `%` is allowed), so the
-- new rule holds for every row without losing what a guest typed. White space never passed the old pattern.
update public.contact_submissions
  set email = replace(replace(email, '?', '%3F'), '&', '%26')
  where email ~ '[?&]';
update public.newsletter_subscribers
  set email = replace(replace(email, '?', '%3F'), '&', '%26')
  where email ~ '[?&]';

alter table public.contact_submissions
  drop constraint contact_submissions_email_check,
  add constraint contact_submissions_email_check check (
    char_length(email) <= 254
    and email !~ '[?&[:space:]]'
    and email ~* '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$'
  );

alter table public.newsletter_subscribers
  drop constraint newsletter_subscribers_email_check,
  add constraint newsletter_subscribers_email_check check (
    char_length(email) <= 254
    and email !~ '[?&[:space:]]'
    and email ~* '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$'
  );

comment on constraint contact_submissions_email_check on public.contact_submissions is 'At most 254 characters, email-shaped, and no ?, & or white space (safe in a mailto: link and a mail header).';
comment on constraint newsletter_subscribers_email_check on public.newsletter_subscribers is 'At most 254 characters, email-shaped, and no ?, & or white space (safe in a mailto: link and a mail header).';
