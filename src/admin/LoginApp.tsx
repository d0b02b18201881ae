/** /admin/login/: email and password, show/hide toggle, the spec's messages; an admin already signed in goes on. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Toaster } from 'sonner';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AuthProvider, useAuth } from './lib/auth';
import { toast } from './lib/toast';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { TextField } from './components/fields';
import ErrorBoundary from './components/ErrorBoundary';
import { toastFirstError } from './lib/form-errors';
import { loginInputSchema, type LoginInput } from './lib/login-input-schema';
import { FAREWELL_KEY, WELCOME_KEY, nextPath } from './lib/navigation';

function LoginForm({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const auth = useAuth();
  const [show, setShow] = useState(false);
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });
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

  const submit = handleSubmit(async ({ email, password }) => {
    // Set before signing in: the auth state may move on (and navigate) before signIn returns here.
    sessionStorage.setItem(WELCOME_KEY, '1');
    const { error } = await auth.signIn(email, password);
    if (error) {
      sessionStorage.removeItem(WELCOME_KEY);
      toast.error(error);
      return;
    }
    leave();
  }, toastFirstError);

  if (auth.loading) return <Spinner />;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Email" type="email" autoComplete="username" {...register('email')} />
      <div className="relative">
        <TextField
          label="Password"
          type={show ? 'text' : 'password'}
          autoComplete="current-password"
          {...register('password')}
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
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
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
