/**
 * The admin dashboard at /admin/ and /mandala-admin-portal/ (the admin bundle's entry, entries/admin.tsx, D31:
 * nothing of it is in the public pages). Guard: a spinner while auth resolves; a visitor is sent to the login,
 * remembering where they were going; a signed-in user without the admin role sees 'Access Denied'. Tabs and their
 * items are hash routes (#reviews, #blog/<id>, lib/hash-route.ts), each tab loaded with React.lazy when first shown.
 */
import { Suspense, lazy, useEffect, useRef, useState, type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { AuthProvider, useAuth } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import { PublishProvider, usePublish } from './lib/publish';
import { toast } from './lib/toast';
import { useHashRoute } from './lib/hash-route';
import { FAREWELL_KEY, LOGIN_PATH, WELCOME_KEY, loginUrl } from './lib/navigation';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import PublishStatus from './components/PublishStatus';
import { SiteContext } from './lib/site';
import { useStickyOffset } from './lib/sticky-offset';
import ErrorBoundary from './components/ErrorBoundary';
import { useContactSubmissionsUnreadCountQuery } from './data/contact-submissions/contact-submissions-unread-count-query';
import { Badge } from '../components/ui/badge';

/** What a tab panel receives: the item of the route (an id, 'new', or a page route), if any. */
export interface TabProps {
  item?: string;
}

/** A tab's code, loaded the first time it is shown (or hovered), so the dashboard starts small. */
const tab = (load: () => Promise<{ default: ComponentType<TabProps> }>) => ({ load, Panel: lazy(load) });

/**
 * The tabs in the spec's order (Activity and Site health after them), with the hash each is reached by. The only place
 * features meet.
 */
export const TABS = [
  { hash: 'content', label: 'Content List', ...tab(() => import('./features/content/ContentListTab')) },
  { hash: 'pages', label: 'Pages', ...tab(() => import('./features/pages/PagesTab')) },
  { hash: 'blog', label: 'Blog Posts', ...tab(() => import('./features/blog-posts/BlogPostsTab')) },
  { hash: 'reviews', label: 'Reviews', ...tab(() => import('./features/reviews/ReviewsTab')) },
  { hash: 'categories', label: 'Categories', ...tab(() => import('./features/categories/CategoriesTab')) },
  { hash: 'contact', label: 'Contact Info', ...tab(() => import('./features/contact/ContactInfoTab')) },
  { hash: 'submissions', label: 'Submissions', ...tab(() => import('./features/submissions/SubmissionsTab')) },
  { hash: 'page-seo', label: 'Page SEO', ...tab(() => import('./features/page-seo/PageSeoTab')) },
  { hash: 'sitemap', label: 'Sitemap', ...tab(() => import('./features/sitemap/SitemapTab')) },
  { hash: 'redirects', label: 'Redirects', ...tab(() => import('./features/redirects/RedirectsTab')) },
  { hash: 'seo', label: 'SEO & Favicon', ...tab(() => import('./features/seo/SeoFaviconTab')) },
  // Who changed what (#30, D27): after the spec's tabs.
  { hash: 'activity', label: 'Activity', ...tab(() => import('./features/activity/ActivityTab')) },
  // The SEO report of the live build (#29, D28); the status bar's SEO count links here.
  { hash: 'health', label: 'Site health', ...tab(() => import('./features/site-health/SiteHealthTab')) },
];
const TAB_HASHES = TABS.map((t) => t.hash);

/** The unread messages beside the Submissions label: the tab's name reads 'Submissions 3 unread'. */
function UnreadCount() {
  const { data: unread } = useContactSubmissionsUnreadCountQuery();
  if (!unread) return null;
  return (
    <>
      {' '}
      <Badge variant="outline" className="ml-1.5">
        {unread}
        <span className="sr-only"> unread</span>
      </Badge>
    </>
  );
}

function Dashboard() {
  const auth = useAuth();
  const { flush } = usePublish();
  const { route, navigate } = useHashRoute(TAB_HASHES, 'content');
  const publishBar = useRef<HTMLDivElement>(null);
  useStickyOffset(publishBar);

  useEffect(() => {
    if (sessionStorage.getItem(WELCOME_KEY)) {
      sessionStorage.removeItem(WELCOME_KEY);
      toast.success('Login successful', 'Welcome to the admin dashboard');
    }
  }, []);

  async function logout() {
    leaving = true;
    // A save made just before must still be published while the session can ask for it.
    await flush();
    const { error } = await auth.signOut();
    if (error) {
      leaving = false;
      toast.error(error);
      return;
    }
    // The toast shows on the login page, where the browser goes next.
    sessionStorage.setItem(FAREWELL_KEY, '1');
    window.location.assign(LOGIN_PATH);
  }

  const name = auth.profile?.username || auth.profile?.full_name || auth.session?.user.email || 'admin';
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl">Admin Dashboard</h1>
          <p className="text-stone-700">Welcome, {name}</p>
        </div>
        <Button type="button" variant="secondary" onClick={logout}>
          Logout
        </Button>
      </header>
      <div className="sticky top-0 z-10" ref={publishBar}>
        <PublishStatus />
      </div>
      <Tabs value={route.tab} onValueChange={(value) => navigate({ tab: value })}>
        <TabsList aria-label="Admin sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.hash} value={t.hash} onPointerEnter={() => void t.load()} onFocus={() => void t.load()}>
              {t.label}
              {t.hash === 'submissions' && <UnreadCount />}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ hash, label, Panel }) => (
          <TabsContent key={hash} value={hash} aria-label={label}>
            {route.tab === hash && (
              <Suspense fallback={<Spinner label={`Loading ${label}`} />}>
                <Panel item={route.item} />
              </Suspense>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** Set while logging out, so the guard does not send the leaving admin to the login with a `next`. */
let leaving = false;

function Guard() {
  const auth = useAuth();
  const signedOut = !auth.loading && !auth.session;
  useEffect(() => {
    if (signedOut && !leaving) window.location.replace(loginUrl(window.location));
  }, [signedOut]);
  if (auth.loading || signedOut) return <Spinner />;
  if (!auth.isAdmin) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl">Access Denied</h1>
        <p className="mt-4 text-stone-700">You don&apos;t have permission to access the admin dashboard.</p>
        <Button
          type="button"
          variant="secondary"
          className="mt-6"
          onClick={async () => {
            leaving = true;
            await auth.signOut();
            window.location.assign(LOGIN_PATH);
          }}
        >
          Sign in with another account
        </Button>
      </div>
    );
  }
  return (
    <PublishProvider>
      <Dashboard />
    </PublishProvider>
  );
}

export default function AdminApp({ site }: { site: { origin: string; host: string } }) {
  const [client] = useState(createQueryClient);
  return (
    <SiteContext.Provider value={site}>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <Toaster position="top-center" closeButton />
          <ErrorBoundary>
            <Guard />
          </ErrorBoundary>
        </AuthProvider>
      </QueryClientProvider>
    </SiteContext.Provider>
  );
}
