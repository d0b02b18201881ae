/**
 * Form validation messages as toasts, as the spec words them. A zod issue message may carry a title and a
 * description separated by a newline ('Invalid URL\nPlease enter valid URLs…'); `formIssue` writes one,
 * `toastFirstError` shows the first error of a react-hook-form submit.
 */
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from './toast';

/** A zod issue message with a toast title and description. */
export const formIssue = (title: string, description?: string) => (description ? `${title}\n${description}` : title);

/** The first message in a (possibly nested: `seo.meta_title`) react-hook-form errors object, in field order. */
export function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/** The first message of a failed submit, shown as a toast (title, then description). */
export function toastFirstError<T extends FieldValues>(errors: FieldErrors<T>): void {
  const message = firstMessage(errors) ?? 'Please check the form.';
  const [title, ...rest] = message.split('\n');
  toast.error(title, rest.join('\n') || undefined);
}
