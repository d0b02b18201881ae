-- Staff are told of each new message by email (D22): the contact function stores the message first, then sends
-- the email to the hotel's address and records here whether it went out. A failed email never loses the message;
-- the admin's Submissions tab shows which messages still need a look because nobody was told.

alter table public.contact_submissions
  add column notified_at timestamptz,
  add column notification_error text
    constraint contact_submissions_notification_error_check check (char_length(notification_error) <= 1000);

comment on column public.contact_submissions.notified_at is 'When the email telling staff of this message went out; null while it has not (see notification_error).';
comment on column public.contact_submissions.notification_error is 'Why the email telling staff of this message failed, if it did; the message itself is stored regardless.';

