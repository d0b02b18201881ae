/** /admin/login/: email and password, show/hide toggle, the spec's messages; an admin already signed in goes on. */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider, useAuth } from './lib/auth';
import { toast } from './lib/toast';
import { Field, Spinner, primaryButton } from './components/ui';
import ErrorBoundary from './components/ErrorBoundary';
import { MESSAGES } from './lib/validation';
import { FAREWELL_KEY, WELCOME_KEY, nextPath } from './lib/navigation';

function LoginForm({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const auth = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const target = nextPath(typeof window === 'undefined' ? '' : window.location.search);
  // One navigation only: a successful sign-in both resolves here and updates the auth state.
  const left = useRef(false);
  const leave = useCallback(() => {
    if (left.current) return;
    left.current = true;
    go(target);
  }, [go, target]);

  useEffect(() => {
    if (!auth.loading && auth.isAdmin) leave();
  }, [auth.loading, auth.isAdmin, leave]);

  useEffect(() => {
    if (sessionStorage.getItem(FAREWELL_KEY)) {
      sessionStorage.removeItem(FAREWELL_KEY);
      toast.success('Logged out', 'You have been successfully logged out');
    }
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      toast.error(MESSAGES.loginMissing);
      return;
    }
    setBusy(true);
    // Set before signing in: the auth state may move on (and navigate) before signIn returns here.
    sessionStorage.setItem(WELCOME_KEY, '1');
    const { error } = await auth.signIn(email.trim(), password);
    setBusy(false);
    if (error) {
      sessionStorage.removeItem(WELCOME_KEY);
      toast.error(error);
      return;
    }
    leave();
  }

  if (auth.loading) return <Spinner />;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <div className="relative">
        <Field
          label="Password"
          type={show ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button
          type="button"
          onClick={() => setShow((s) => !s)}
          aria-label={show ? 'Hide password' : 'Show password'}
          aria-pressed={show}
          className="absolute right-2 bottom-1.5 rounded px-2 py-1 text-sm text-maroon-800 hover:bg-stone-100"
        >
          {show ? 'Hide' : 'Show'}
        </button>
      </div>
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}

export { LoginForm };

export default function LoginApp() {
  return (
    <AuthProvider>
      <Toaster position="top-center" closeButton />
      <ErrorBoundary>
        <LoginForm />
      </ErrorBoundary>
    </AuthProvider>
  );
}
