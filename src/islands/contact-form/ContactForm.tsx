import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { showToast } from '../shared/toast';
import FormNotices from '../shared/FormNotices';
import { SAFE_EMAIL_PATTERN, postGuestForm } from '../shared/guest-form';
import { FIELDS, LIMITS, SUBMIT_ERROR, type ContactField } from './contact-form.utils';

interface Props {
  /** The `contact` function's URL: the form posts there with or without JavaScript (D22). */
  action: string;
}

/** What the function refused: a field (shown under it) or the whole message (shown above the button). */
interface Problem {
  field?: ContactField;
  message: string;
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base text-stone-900 focus:border-maroon-800 aria-[invalid=true]:border-red-800';

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

/**
 * 'Send Us a Message' (D3, D18, D22): a real form posting to the `contact` function, so it works before this
 * script loads and without JavaScript. Enhanced, it sends with `fetch`: Sending..., /thank-you/ on success; on
 * failure the spec's toast, the reason beside the field, and every field kept as typed (the inputs are the
 * browser's own, never reset).
 */
export default function ContactForm({ action }: Props) {
  const id = useId();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  // The notices of a plain post that came back with an error; gone once the guest sends again from here.
  const [retried, setRetried] = useState(false);

  const bind = (name: ContactField) => {
    const invalid = problem?.field === name;
    return {
      id: `${id}-${name}`,
      name,
      className: inputClass,
      'aria-invalid': invalid || undefined,
      'aria-describedby': invalid ? `${id}-${name}-error` : undefined,
    };
  };
  const errorOf = (name: ContactField) =>
    problem?.field === name && (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-800">
        {problem.message}
      </p>
    );

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setSending(true);
    setProblem(null);
    setRetried(true);
    try {
      const answer = await postGuestForm(form.action, new FormData(form));
      if (answer.ok) return window.location.assign('/thank-you/');
      const field = FIELDS.find((f) => f === answer.field);
      // The toast says the spec's message; a reason of the function's own (a field, a rate limit) stays on screen.
      if (answer.message && (field || answer.message !== SUBMIT_ERROR)) setProblem({ field, message: answer.message });
      if (field) (form.elements.namedItem(field) as HTMLElement | null)?.focus();
    } catch (err) {
      console.error(err);
    }
    void showToast('error', SUBMIT_ERROR);
    setSending(false);
  }

  return (
    <form method="post" action={action} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      {!retried && <FormNotices kind="contact" className="sm:col-span-2" />}
      <input type="hidden" name="return_to" value="/contact/" />
      <Field id={`${id}-first_name`} label="First Name">
        <input type="text" {...bind('first_name')} required maxLength={LIMITS.name} autoComplete="given-name" />
        {errorOf('first_name')}
      </Field>
      <Field id={`${id}-last_name`} label="Last Name">
        <input type="text" {...bind('last_name')} required maxLength={LIMITS.name} autoComplete="family-name" />
        {errorOf('last_name')}
      </Field>
      <Field id={`${id}-email`} label="Email">
        <input
          {...bind('email')}
          type="email"
          required
          maxLength={LIMITS.email}
          pattern={SAFE_EMAIL_PATTERN}
          title="An email address, without spaces, ? or &"
          autoComplete="email"
        />
        {errorOf('email')}
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
        {errorOf('phone')}
      </Field>
      <Field id={`${id}-subject`} label="Subject" wide>
        <input type="text" {...bind('subject')} required maxLength={LIMITS.subject} />
        {errorOf('subject')}
      </Field>
      <Field id={`${id}-message`} label="Message" wide>
        <textarea {...bind('message')} required maxLength={LIMITS.message} rows={6} />
        {errorOf('message')}
      </Field>
      {/* Honeypot: people never see or fill this field; the function thanks bots that do and drops their message. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input type="text" id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="sm:col-span-2">
        {problem && !problem.field && (
          <p role="alert" className="mb-3 font-medium text-red-800">
            {problem.message}
          </p>
        )}
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
