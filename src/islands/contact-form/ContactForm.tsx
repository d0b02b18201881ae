import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { showToast } from '../shared/toast';
import { LIMITS, SUBMIT_ERROR, sendSubmission, toSubmission, type ContactValues } from './contact-form.utils';

interface Props {
  supabaseUrl: string;
  anonKey: string;
}

const EMPTY: ContactValues = { firstName: '', lastName: '', email: '', phone: '', subject: '', message: '' };
const inputClass =
  'mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base text-stone-900 focus:border-maroon-800';

/** A label and its control, tied by id (the label does not wrap the control, so its name stays exactly the label). */
function Field({ id, label, wide, children }: { id: string; label: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** 'Send Us a Message': browser validation, Sending..., /thank-you/ on success, every field kept on failure. */
export default function ContactForm({ supabaseUrl, anonKey }: Props) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const bind = (key: keyof ContactValues) => ({
    id: `${id}-${key}`,
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    className: inputClass,
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Honeypot: people never see or fill this field; bots that do are thanked and dropped.
    if (new FormData(e.currentTarget).get('website')) return window.location.assign('/thank-you/');
    setSending(true);
    try {
      await sendSubmission(supabaseUrl, anonKey, toSubmission(values));
      window.location.assign('/thank-you/');
    } catch (err) {
      console.error(err);
      void showToast('error', SUBMIT_ERROR);
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field id={`${id}-firstName`} label="First Name">
        <input {...bind('firstName')} required maxLength={LIMITS.name} autoComplete="given-name" />
      </Field>
      <Field id={`${id}-lastName`} label="Last Name">
        <input {...bind('lastName')} required maxLength={LIMITS.name} autoComplete="family-name" />
      </Field>
      <Field id={`${id}-email`} label="Email">
        <input {...bind('email')} type="email" required maxLength={LIMITS.email} autoComplete="email" />
      </Field>
      <Field
        id={`${id}-phone`}
        label={
          <>
            Phone <span className="font-normal text-stone-700">(optional)</span>
          </>
        }
      >
        <input {...bind('phone')} type="tel" maxLength={LIMITS.phone} autoComplete="tel" />
      </Field>
      <Field id={`${id}-subject`} label="Subject" wide>
        <input {...bind('subject')} required maxLength={LIMITS.subject} />
      </Field>
      <Field id={`${id}-message`} label="Message" wide>
        <textarea {...bind('message')} required maxLength={LIMITS.message} rows={6} />
      </Field>
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={sending}
          className="btn-primary w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        >
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
