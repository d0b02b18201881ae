/**
 * The admin dashboard at /admin/ and /mandala-admin-portal/ (a client:only island: nothing of it is in the public
 * pages). Guard: a spinner while auth resolves; a visitor is sent to the login, remembering where they were
 * going; a signed-in user without the admin role sees 'Access Denied'. Tabs are reached by hash (#reviews, …).
 */
import { useEffect, useState, type ComponentType } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { AuthProvider, useAuth } from './lib/auth';
import { createQueryClient } from './lib/query';
import { PublishProvider, usePublish } from './lib/publish';
import { toast } from './lib/toast';
import { FAREWELL_KEY, LOGIN_PATH, WELCOME_KEY, loginUrl } from './lib/navigation';
import { Spinner, secondaryButton } from './components/ui';
import PublishStatus from './components/PublishStatus';
import ContentList from './features/content/ContentList';
import Reviews from './features/reviews/Reviews';
import Categories from './features/categories/Categories';
import ContactInfo from './features/contact/ContactInfo';
import Submissions from './features/submissions/Submissions';
import Redirects from './features/redirects/Redirects';
import Later from './features/Later';
import { SiteContext } from './lib/site';
import ErrorBoundary from './components/ErrorBoundary';

/** The tabs in the spec's order, with the hash each is reached by. */
export const TABS: Array<{ hash: string; label: string; Panel: ComponentType }> = [
  { hash: 'content', label: 'Content List', Panel: ContentList },
  { hash: 'pages', label: 'Pages', Panel: Later },
  { hash: 'blog', label: 'Blog Posts', Panel: Later },
  { hash: 'reviews', label: 'Reviews', Panel: Reviews },
  { hash: 'categories', label: 'Categories', Panel: Categories },
  { hash: 'contact', label: 'Contact Info', Panel: ContactInfo },
  { hash: 'submissions', label: 'Submissions', Panel: Submissions },
  { hash: 'page-seo', label: 'Page SEO', Panel: Later },
  { hash: 'sitemap', label: 'Sitemap', Panel: Later },
  { hash: 'redirects', label: 'Redirects', Panel: Redirects },
  { hash: 'seo', label: 'SEO & Favicon', Panel: Later },
];

const tabFromHash = () => {
  const h = window.location.hash.replace(/^#/, '');
  return TABS.some((t) => t.hash === h) ? h : 'content';
};

function Dashboard() {
  const auth = useAuth();
  const { flush } = usePublish();
  const [tab, setTab] = useState(tabFromHash);

  useEffect(() => {
    const onHash = () => setTab(tabFromHash());
    window.addEventListener('hashchange', onHash);
    if (sessionStorage.getItem(WELCOME_KEY)) {
      sessionStorage.removeItem(WELCOME_KEY);
      toast.success('Login successful', 'Welcome to the admin dashboard');
    }
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  function select(value: string) {
    setTab(value);
    history.replaceState(null, '', `#${value}`);
  }

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
        <button type="button" className={secondaryButton} onClick={logout}>
          Logout
        </button>
      </header>
      <div className="sticky top-0 z-10">
        <PublishStatus />
      </div>
      <Tabs.Root value={tab} onValueChange={select}>
        <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1 border-b border-stone-300 pb-1">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.hash}
              value={t.hash}
              className="rounded-t-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 data-[state=active]:bg-maroon-800 data-[state=active]:text-white"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ hash, label, Panel }) => (
          <Tabs.Content key={hash} value={hash} className="pt-4" aria-label={label}>
            {tab === hash && <Panel />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
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
        <button
          type="button"
          className={`${secondaryButton} mt-6`}
          onClick={async () => {
            leaving = true;
            await auth.signOut();
            window.location.assign(LOGIN_PATH);
          }}
        >
          Sign in with another account
        </button>
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
