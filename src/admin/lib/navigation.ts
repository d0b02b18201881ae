/** Where the admin goes after signing in, and the one-shot welcome toast carried across that page load. */
export const WELCOME_KEY = 'hotel-admin-welcome';
export const FAREWELL_KEY = 'hotel-admin-logged-out';
export const LOGIN_PATH = '/admin/login/';

const ADMIN_PATH = /^\/(admin|mandala-admin-portal)\/(?!login\/)/;

/** The remembered destination from `?next=`, only if it is an admin path on this site; else /admin/. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return ADMIN_PATH.test(next) && !next.startsWith('//') ? next : '/admin/';
}

/** The login URL that brings the visitor back to where they were going. */
export function loginUrl(location: { pathname: string; hash: string; search: string }): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}
