/** The admin's error fallback (spec §2): 'Oops!', 'Something went wrong', the message, home and retry. */
import { Component, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';

export default class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown) {
    console.error('admin error', error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl">Oops!</h1>
        <p className="mt-2 text-lg">Something went wrong</p>
        <p className="mt-4 text-stone-700">{error.message || 'An unknown error occurred'}</p>
        <div className="mt-6 flex justify-center gap-3">
          <Button asChild variant="secondary">
            <a href="/">Go back home</a>
          </Button>
          <Button type="button" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
}
