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

/** The dotted path (`seo.meta_title`) of the first field with a message, in field order. */
export function firstErrorPath(errors: unknown, prefix = ''): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) return prefix || undefined;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'message' || key === 'type') continue;
    const found = firstErrorPath(value, prefix ? `${prefix}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

/**
 * What a tabbed editor does with a failed submit (#31): the spec's toast, the tab that holds the first bad field
 * opened (`tabOf` maps a field's path to its tab, undefined for a field above the tabs), and that field focused
 * once the tab shows it, so the message under it is in view.
 */
export function showFirstError<Tab extends string>(
  errors: FieldErrors<FieldValues>,
  {
    tab,
    onTab,
    tabOf,
    focus,
  }: {
    tab: Tab;
    onTab: (tab: Tab) => void;
    tabOf: (path: string) => Tab | undefined;
    focus: (path: string) => void;
  },
): void {
  toastFirstError(errors);
  const path = firstErrorPath(errors);
  if (!path) return;
  const target = tabOf(path);
  if (target && target !== tab) onTab(target);
  // After the tab's fields have mounted.
  requestAnimationFrame(() => {
    try {
      focus(path);
    } catch {
      /* a field without a focusable element (a list editor): its tab is open */
    }
  });
}

/** The first message of a failed submit, shown as a toast (title, then description). */
export function toastFirstError<T extends FieldValues>(errors: FieldErrors<T>): void {
  const message = firstMessage(errors) ?? 'Please check the form.';
  const [title, ...rest] = message.split('\n');
  toast.error(title, rest.join('\n') || undefined);
}
