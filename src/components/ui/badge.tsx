/**
 * A status pill. Variants are tones, not statuses, so callers map their own: e.g. published/responded/active →
 * success, scheduled → warning, unread → default, draft/read/inactive → muted, failures → danger. Every tone keeps
 * its text at WCAG AA contrast (≥ 4.5:1) on its background. `muted` is the grey chip the admin draws today.
 */
import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from '@radix-ui/react-slot';
import { cn } from './cn';

const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'bg-maroon-800 text-white',
        success: 'bg-emerald-100 text-emerald-900',
        warning: 'bg-amber-100 text-amber-900',
        danger: 'bg-red-100 text-red-900',
        muted: 'bg-stone-200 text-stone-800',
        outline: 'bg-white text-stone-800 ring-1 ring-stone-400 ring-inset',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

function Badge({
  className,
  variant = 'default',
  asChild = false,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : 'span';
  return (
    <Comp data-slot="badge" data-variant={variant} className={cn(badgeVariants({ variant }), className)} {...props} />
  );
}

export { Badge, badgeVariants };
