/**
 * The live preview beside an editor (spec: 600px high, desktop/tablet/mobile widths, a refresh whose indicator
 * spins for 500 ms). It renders the unsaved item with the public site's own components and styles, so what staff
 * see is the built page's markup and classes. The widths narrow the frame; the site's breakpoints follow the
 * window, not the frame, so a phone layout is only approximated.
 */
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

const WIDTHS = { desktop: '100%', tablet: '768px', mobile: '375px' } as const;
type Device = keyof typeof WIDTHS;

export function PreviewPanel({ children, label = 'Live preview' }: { children: ReactNode; label?: string }) {
  const [device, setDevice] = useState<Device>('desktop');
  const [round, setRound] = useState(0);
  const [spinning, setSpinning] = useState(false);
  return (
    <section aria-label={label} className="rounded-lg border border-stone-300 bg-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 p-2">
        <h3 className="mr-auto px-2 text-sm font-semibold">{label}</h3>
        <div role="group" aria-label="Preview width" className="flex gap-1">
          {(Object.keys(WIDTHS) as Device[]).map((d) => (
            <Button
              key={d}
              type="button"
              size="sm"
              variant={device === d ? 'default' : 'ghost'}
              aria-pressed={device === d}
              onClick={() => setDevice(d)}
            >
              {d[0].toUpperCase() + d.slice(1)}
            </Button>
          ))}
        </div>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => {
            setRound((r) => r + 1);
            setSpinning(true);
            setTimeout(() => setSpinning(false), 500);
          }}
        >
          <span aria-hidden="true" className={cn('inline-block', spinning && 'animate-spin')}>
            ↻
          </span>
          Refresh
        </Button>
      </div>
      <div className="h-[600px] overflow-auto bg-cream-50">
        <div key={round} className="mx-auto bg-white" style={{ width: WIDTHS[device], maxWidth: '100%' }}>
          {children}
        </div>
      </div>
    </section>
  );
}
