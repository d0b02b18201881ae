import { GUEST_NOTICES, NOTICE_PREFIX, type GuestKind } from './guest-form';

interface Props {
  kind: GuestKind;
  className?: string;
}

/**
 * The errors a plain form post (no JavaScript yet, or none at all) can come back with, one per code and field. The
 * function sends the browser to `#<id>` of one of them, and CSS `:target` shows that one alone: no script needed.
 * The browser's Back button returns to the form with what was typed.
 */
export default function FormNotices({ kind, className = '' }: Props) {
  return (
    <div className={className}>
      {Object.entries(GUEST_NOTICES[kind]).map(([key, text]) => (
        <p
          key={key}
          id={`${NOTICE_PREFIX[kind]}${key}`}
          tabIndex={-1}
          className="hidden rounded-lg border-2 border-red-800 bg-white px-4 py-3 text-red-900 target:block"
        >
          {text} Nothing was sent: your browser&apos;s Back button returns to what you typed.
        </p>
      ))}
    </div>
  );
}
