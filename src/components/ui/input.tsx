/** A text input in the admin's look; pair it with <Label htmlFor> and an id from useId. */
import type { ComponentProps } from 'react';
import { cn } from './cn';

function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-maroon-800',
        className,
      )}
      {...props}
    />
  );
}

export { Input };
