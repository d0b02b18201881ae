/**
 * In-place editing on the public pages (D3, D4): mounted by the staff-editor island only when the page found a
 * stored staff session, it checks the session and the admin role before showing anything; a signed-in user
 * without the role sees the page as a guest does. Then the cafe page's text blocks or the post's content and
 * image alt texts become editable, and a small bar shows the build a save asked for until it is live or failed.
 */
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { AuthProvider, useAuth } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';
import { PublishProvider, shownBuildStatus, usePublish } from '../lib/publish';
import { useLatestBuildQuery } from '../data/builds/latest-build-query';
import { CafeBlocks } from './CafeBlocks';
import { PostEditing } from './PostEditing';

/**
 * The build after the last save: publishing, live (with a reload link) or failed (with its error). From a save until
 * its request is in the queue (usePublish's `waiting`), it says 'Publishing your change…' whatever the latest build
 * was: the build of an earlier save may go live meanwhile, and its Reload would not show this one.
 */
export function StaffBar() {
  const build = useLatestBuildQuery().data;
  const { waiting } = usePublish();
  const [since] = useState(() => Date.now());
  const recent = waiting || Boolean(build && Date.parse(build.requested_at) >= since - 1000);
  const state = shownBuildStatus(build?.status, waiting);
  let status = 'Staff editing is on.';
  if (recent) {
    if (state === 'queued' || state === 'building') status = 'Publishing your change…';
    else if (state === 'failed') status = `Build failed: ${build?.error ?? 'see the admin'}`;
    else if (state === 'succeeded') status = 'Live';
  }
  return (
    <aside
      aria-label="Staff editing"
      className="fixed right-4 bottom-4 z-50 flex max-w-sm items-center gap-3 rounded-lg border border-stone-300 bg-white px-4 py-3 text-sm text-stone-900 shadow-lg"
      data-inplace-status={recent ? state : 'idle'}
    >
      <p role="status">{status}</p>
      {recent && state === 'succeeded' && (
        <a href={window.location.pathname} className="font-semibold text-maroon-800 underline">
          Reload
        </a>
      )}
      <a href="/admin/" className="ml-auto text-stone-700 underline">
        Admin
      </a>
    </aside>
  );
}

function Gate() {
  const auth = useAuth();
  if (auth.loading || !auth.isAdmin) return null;
  const article = document.querySelector<HTMLElement>('[data-inplace-post]');
  return (
    <PublishProvider>
      <Toaster position="top-center" closeButton />
      {article ? <PostEditing article={article} /> : <CafeBlocks />}
      <StaffBar />
    </PublishProvider>
  );
}

export function InPlaceApp() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Gate />
      </AuthProvider>
    </QueryClientProvider>
  );
}
