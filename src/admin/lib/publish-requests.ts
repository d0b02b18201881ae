/**
 * The link between the data layer and the publisher: the query client's mutation cache calls `requestPublish()`
 * after a publishing write; the mounted PublishProvider answers it. Outside the dashboard (tests, the login page)
 * nobody listens and the request is dropped.
 */
type Listener = () => void;
let listener: Listener | null = null;

/** Registers the dashboard's publisher; returns the function that unregisters it. */
export function onPublishRequest(fn: Listener): () => void {
  listener = fn;
  return () => {
    if (listener === fn) listener = null;
  };
}

/** Asks for a rebuild soon (the publisher debounces). */
export function requestPublish(): void {
  listener?.();
}
