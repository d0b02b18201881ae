/**
 * A loading indicator announced as a status: `default` is the admin's centred block spinner, `sm` an inline one
 * in the current text colour (e.g. inside a button). The label is read by screen readers only.
 */
import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn';

const spinnerVariants = cva('group/spinner items-center justify-center gap-3', {
  variants: {
    size: {
      default: 'flex p-8 text-stone-700',
      sm: 'inline-flex',
    },
  },
  defaultVariants: { size: 'default' },
});

function Spinner({
  className,
  size = 'default',
  label = 'Loading',
  ...props
}: ComponentProps<'div'> & VariantProps<typeof spinnerVariants> & { label?: string }) {
  return (
    <div
      role="status"
      data-slot="spinner"
      data-size={size}
      className={cn(spinnerVariants({ size }), className)}
      {...props}
    >
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-4 border-stone-300 border-t-maroon-800 group-data-[size=sm]/spinner:size-4 group-data-[size=sm]/spinner:border-2 group-data-[size=sm]/spinner:border-current/30 group-data-[size=sm]/spinner:border-t-current"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export { Spinner, spinnerVariants };
