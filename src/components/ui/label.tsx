/** A form label (Radix Label): `htmlFor` names the control's id, which callers take from useId. */
import type { ComponentProps } from 'react';
import * as LabelPrimitive from '@radix-ui/react-label';
import { cn } from './cn';

function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn('block text-sm font-medium text-stone-800', className)}
      {...props}
    />
  );
}

export { Label };
