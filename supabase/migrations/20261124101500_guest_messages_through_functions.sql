-- Guest messages go through the `contact` and `subscribe` functions (D22, issue #15). Visitors inserting straight
-- into the tables could send a thousand messages in one request, skip the honeypot and rate limits, and learn from a
-- 409 whether an address was already subscribed. The functions validate, limit and insert with the service role;
-- the API roles keep no way in of their own. Signed-in users without the admin role lose their insert too (a
-- self-registered account is no more trusted than a visitor, D4); admins keep theirs, as on every staff table.

drop policy "visitors send messages" on public.contact_submissions;
drop policy "signed-in users send messages" on public.contact_submissions;
drop policy "visitors subscribe" on public.newsletter_subscribers;
drop policy "signed-in users subscribe" on public.newsletter_subscribers;

-- Revoking the table privilege revokes the column privileges of the form's columns with it.
revoke insert on public.contact_submissions from anon;
revoke insert on public.newsletter_subscribers from anon;

create policy "admins add messages"
  on public.contact_submissions for insert to authenticated
  with check ((select private.is_admin()));

create policy "admins add subscribers"
  on public.newsletter_subscribers for insert to authenticated
  with check ((select private.is_admin()));

comment on table public.contact_submissions is 'Contact form messages, written only by the contact function (service role): names <= 100, email <= 254 and email-shaped without ?, & or spaces, phone <= 40, subject <= 200, message <= 5000 (D18, D22).';
comment on table public.newsletter_subscribers is 'Newsletter addresses, stored lower-cased and unique; written only by the subscribe function (service role, D22).';
