/** A white panel in the admin's look: a header row (title with actions beside it), content and a footer. */
import type { ComponentProps } from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cn } from './cn';

function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn('rounded-lg border border-stone-300 bg-white p-5 text-stone-900 shadow-sm', className)}
      {...props}
    />
  );
}

function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-header"
      className={cn('mb-4 flex flex-wrap items-center justify-between gap-3', className)}
      {...props}
    />
  );
}

/** An h2 (serif, maroon, as every heading on the site); `asChild` renders another heading level instead. */
function CardTitle({ className, asChild = false, ...props }: ComponentProps<'h2'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : 'h2';
  return <Comp data-slot="card-title" className={cn('font-serif text-xl text-maroon-900', className)} {...props} />;
}

function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('text-sm text-stone-700', className)} {...props} />;
}

function CardAction({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-action" className={cn('flex flex-wrap items-center gap-2', className)} {...props} />;
}

function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn(className)} {...props} />;
}

function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('mt-4 flex flex-wrap items-center gap-3', className)} {...props} />;
}

export { Card, CardHeader, CardFooter, CardTitle, CardAction, CardDescription, CardContent };
