/**
 * Auth state for the admin (spec §4): loading, then signed out or signed in with the profile and role loaded;
 * isAdmin only when the role is 'admin'. Sign-in first attempts a global sign-out (failure ignored), as the spec
 * says; errors become the spec's messages.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import { supabase, type Tables } from './supabase';

export interface AuthState {
  loading: boolean;
  session: Session | null;
  profile: Tables<'profiles'> | null;
  role: string | null;
  isAdmin: boolean;
}

interface AuthApi extends AuthState {
  signIn(email: string, password: string): Promise<{ error: string | null }>;
  signOut(): Promise<{ error: string | null }>;
}

const AuthContext = createContext<AuthApi | null>(null);

/** The message for a failed sign-in (spec §8). */
export function signInMessage(err: { message?: string; code?: string; status?: number } | null | undefined): string {
  if (!err) return 'An unexpected error occurred';
  if (err.code === 'invalid_credentials' || /invalid login credentials/i.test(err.message ?? ''))
    return 'Invalid email or password';
  return err.message || 'An unexpected error occurred';
}

async function loadAccess(session: Session | null): Promise<Pick<AuthState, 'profile' | 'role'>> {
  if (!session) return { profile: null, role: null };
  const id = session.user.id;
  const [profile, role] = await Promise.all([
    supabase.from('profiles').select().eq('id', id).maybeSingle(),
    supabase.from('user_roles').select('role').eq('user_id', id).maybeSingle(),
  ]);
  // A profile that cannot be read is only logged (spec §8); the role decides access.
  if (profile.error) console.error('profile fetch failed', profile.error);
  return { profile: profile.data ?? null, role: role.data?.role ?? null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({
    loading: true,
    session: null,
    profile: null,
    role: null,
    isAdmin: false,
  });

  useEffect(() => {
    let alive = true;
    const apply = async (session: Session | null) => {
      const access = await loadAccess(session);
      if (alive) setState({ loading: false, session, ...access, isAdmin: access.role === 'admin' });
    };
    void supabase.auth.getSession().then(({ data }) => apply(data.session));
    const { data: sub } = supabase.auth.onAuthStateChange((event, session) => {
      // Token refreshes keep the same user; only sign-in and sign-out change who is here.
      if (event === 'SIGNED_IN' || event === 'SIGNED_OUT') setTimeout(() => void apply(session), 0);
    });
    return () => {
      alive = false;
      sub.subscription.unsubscribe();
    };
  }, []);

  const api: AuthApi = {
    ...state,
    async signIn(email, password) {
      try {
        await supabase.auth.signOut({ scope: 'global' }).catch(() => {});
        const { data, error } = await supabase.auth.signInWithPassword({ email, password });
        if (error) return { error: signInMessage(error) };
        const access = await loadAccess(data.session);
        setState({ loading: false, session: data.session, ...access, isAdmin: access.role === 'admin' });
        return { error: null };
      } catch {
        return { error: 'An unexpected error occurred' };
      }
    },
    async signOut() {
      const { error } = await supabase.auth.signOut({ scope: 'global' });
      if (error) {
        console.error('sign-out failed', error);
        return { error: 'Failed to log out' };
      }
      setState({ loading: false, session: null, profile: null, role: null, isAdmin: false });
      return { error: null };
    },
  };
  return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthApi {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
