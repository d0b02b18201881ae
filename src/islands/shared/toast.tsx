/**
 * The islands' toast host. sonner (≈ 10 KB gzip) is loaded only when the first toast is shown, so island pages
 * stay inside their JS budget: a contact form that succeeds never loads it. The host mounts itself into
 * <body> once and lives for the page.
 */
import { createRoot } from 'react-dom/client';

let host: Promise<typeof import('sonner')> | undefined;

function mountHost() {
  return (host ??= import('sonner').then((sonner) => {
    const el = document.createElement('div');
    el.id = 'toast-host';
    document.body.append(el);
    createRoot(el).render(<sonner.Toaster position="top-center" closeButton />);
    return sonner;
  }));
}

/** Shows a toast: 'success' or 'error', with the message the spec gives. */
export async function showToast(kind: 'success' | 'error', message: string): Promise<void> {
  const sonner = await mountHost();
  // Let the host subscribe to sonner's store before the first toast is added.
  await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  sonner.toast[kind](message);
}
