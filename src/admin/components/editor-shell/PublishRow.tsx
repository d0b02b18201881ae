/**
 * The publishing row above an editor's tabs: the Published switch (the form's `is_published`), any controls that
 * go with it (`children`: the post's published date), and the line saying what publishing does as the switch
 * stands (`state`, announced as a status).
 */
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { SwitchField } from '../fields';

export function PublishRow({ state, testId, children }: { state: ReactNode; testId: string; children?: ReactNode }) {
  const { field } = useController<{ is_published: boolean }, 'is_published'>({ name: 'is_published' });
  // A row with a labelled control beside the switch lines up along the bottom, a switch alone along the middle.
  const align = children ? 'items-end' : 'items-center';
  return (
    <div className={`flex flex-wrap ${align} gap-6 rounded-md bg-stone-50 p-3`}>
      <SwitchField label="Published" checked={field.value} onCheckedChange={field.onChange} />
      {children}
      <p className="text-sm text-stone-700" role="status" data-testid={testId}>
        {state}
      </p>
    </div>
  );
}
