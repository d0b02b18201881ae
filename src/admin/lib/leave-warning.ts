/** Unsaved changes survive a mistaken reload or closed tab only if the browser asks first: while `dirty`, it does. */
import { useEffect } from 'react';

export function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
