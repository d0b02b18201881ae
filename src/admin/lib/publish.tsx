/**
 * Publishing from the admin (D17): a mutation with `meta.publishes` (or anything calling `requestPublish()`) asks
 * for a rebuild; requests within a short debounce become one `rebuild-site` call, and the server coalesces the
 * rest. A request that fails says so in a toast. A pending request is sent before logging out and when the page
 * is left, so no save goes unpublished. From the save until the queue has answered and the latest build has been
 * read again, `waiting` is true and the status says 'Publish queued…': without it, the build that was running
 * before the save could go live within the debounce and the status would say "Live" while the save was not.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { buildKeys } from '../data/builds/keys';
import { requestRebuild, requestRebuildOnLeave } from '../data/builds/rebuild-request';
import { onPublishRequest } from './publish-requests';
import { toast } from './toast';

export const PUBLISH_DEBOUNCE_MS = 800;

interface PublishApi {
  /** Asks for a rebuild soon (debounced). */
  requestPublish(): void;
  /** Asks for a rebuild now; resolves with the error message, if any. */
  publishNow(): Promise<string | null>;
  /** Sends a pending debounced request now (before logging out). */
  flush(): Promise<void>;
  /** A request is waiting to be sent, or sent and the latest build not read since. */
  waiting: boolean;
}

const PublishContext = createContext<PublishApi | null>(null);

export function PublishProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef(false);
  // Requests sent and not yet followed by a read of the latest build, plus the one waiting in the debounce.
  const [inFlight, setInFlight] = useState(0);
  const [debouncing, setDebouncing] = useState(false);

  const publishNow = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = false;
    setInFlight((n) => n + 1);
    setDebouncing(false);
    try {
      const error = await requestRebuild();
      await queryClient.invalidateQueries({ queryKey: buildKeys.all });
      return error;
    } finally {
      setInFlight((n) => n - 1);
    }
  }, [queryClient]);

  const publishQuietly = useCallback(async () => {
    const error = await publishNow();
    if (error) toast.error('Failed to publish', `${error} Your change is saved; use Publish now to try again.`);
  }, [publishNow]);

  const requestPublish = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = true;
    setDebouncing(true);
    timer.current = setTimeout(() => void publishQuietly(), PUBLISH_DEBOUNCE_MS);
  }, [publishQuietly]);

  const flush = useCallback(async () => {
    if (pending.current) await publishQuietly();
  }, [publishQuietly]);

  useEffect(() => onPublishRequest(requestPublish), [requestPublish]);

  useEffect(() => {
    // Leaving the page with a request pending: send it with keepalive, which outlives the page.
    const onHide = () => {
      if (!pending.current) return;
      clearTimeout(timer.current);
      pending.current = false;
      setDebouncing(false);
      requestRebuildOnLeave();
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      clearTimeout(timer.current);
    };
  }, []);

  const waiting = debouncing || inFlight > 0;
  return (
    <PublishContext.Provider value={{ requestPublish, publishNow, flush, waiting }}>{children}</PublishContext.Provider>
  );
}

/**
 * The state a status shows for the latest build while a request of this tab is `waiting`: 'queued', unless the
 * latest build is itself queued or building (the save is then on its way into it or the next one).
 */
export function shownBuildStatus<S extends string>(status: S | undefined, waiting: boolean): S | 'queued' | undefined {
  return waiting && status !== 'queued' && status !== 'building' ? 'queued' : status;
}

export function usePublish(): PublishApi {
  const ctx = useContext(PublishContext);
  if (!ctx) throw new Error('usePublish must be used within a PublishProvider');
  return ctx;
}
