/**
 * The browser's own select, in the admin's look: for short fixed lists (rating, platform, redirect type) it is
 * the most accessible choice on phones and with screen readers; Select (Radix) is for richer option lists.
 */
import type { ComponentProps } from 'react';
import { cn } from './cn';

function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      data-slot="native-select"
      className={cn(
        'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-maroon-800',
        className,
      )}
      {...props}
    />
  );
}

export { NativeSelect };
