import { GUEST_NOTICES, NOTICE_PREFIX, type GuestKind } from './guest-form';

interface Props {
  kind: GuestKind;
  className?: string;
}

/**
 * The errors a plain form post (no JavaScript yet, or none at all) can come back with, one per code and field. The
 * function sends the browser to `#<id>` of one of them, and CSS `:target` shows that one alone: no script needed.
 * The browser's Back button returns to the form with what was typed. The browser scrolls the notice to the top of
 * the window: its scroll margin is the sticky header's height (on a phone, where the header may wrap to two
 * rows, 8rem), so the header never covers it (#31).
 */
export default function FormNotices({ kind, className = '' }: Props) {
  return (
    <div className={className}>
      {Object.entries(GUEST_NOTICES[kind]).map(([key, text]) => (
        <p
          key={key}
          id={`${NOTICE_PREFIX[kind]}${key}`}
          tabIndex={-1}
          className="hidden scroll-mt-32 sm:scroll-mt-[calc(var(--spacing-header)+1px)] rounded-lg border-2 border-red-800 bg-white px-4 py-3 text-red-900 target:block"
        >
          {text} Nothing was sent: your browser&apos;s Back button returns to what you typed.
        </p>
      ))}
    </div>
  );
}
