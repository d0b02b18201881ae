/** A titled card of the admin: the Card primitive with its header row (title, optional actions). */
import type { ReactNode } from 'react';
import { Card, CardAction, CardHeader, CardTitle } from '../../components/ui/card';

export function Panel({ title, actions, children }: { title?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      {(title || actions) && (
        <CardHeader>
          {title && <CardTitle>{title}</CardTitle>}
          {actions && <CardAction>{actions}</CardAction>}
        </CardHeader>
      )}
      {children}
    </Card>
  );
}
