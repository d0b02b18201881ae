/**
 * The UI primitives in src/components/ui, found by role and label as staff (and screen readers) find them: button
 * variants and asChild, a labelled switch, a confirmation dialog that opens and cancels, a label tied to its input.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId, useState } from 'react';
import { Button } from '../../src/components/ui/button';
import { Switch } from '../../src/components/ui/switch';
import { Label } from '../../src/components/ui/label';
import { Input } from '../../src/components/ui/input';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../src/components/ui/alert-dialog';

describe('Button', () => {
  it('renders each variant as a button, and asChild as the child link', async () => {
    const onClick = vi.fn();
    render(
      <>
        <Button onClick={onClick}>Save</Button>
        <Button variant="secondary">Cancel</Button>
        <Button variant="danger" disabled>
          Delete
        </Button>
        <Button variant="ghost" size="icon" aria-label="More" />
        <Button asChild variant="secondary">
          <a href="/blog/">View</a>
        </Button>
      </>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Cancel' }).className).toContain('border-stone-400');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'More' }).dataset.variant).toBe('ghost');

    const link = screen.getByRole('link', { name: 'View' });
    expect(link.getAttribute('href')).toBe('/blog/');
    expect(link.dataset.slot).toBe('button');
    expect(link.className).toContain('bg-white');
    expect(screen.queryByRole('button', { name: 'View' })).toBeNull();
  });
});

function LabelledSwitch() {
  const id = useId();
  const [on, setOn] = useState(false);
  return (
    <div>
      <Switch id={id} checked={on} onCheckedChange={setOn} />
      <Label htmlFor={id}>Displayed</Label>
    </div>
  );
}

describe('Switch', () => {
  it('is named by its label and toggles aria-checked', async () => {
    const user = userEvent.setup();
    render(<LabelledSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Displayed' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByText('Displayed'));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});

describe('AlertDialog', () => {
  it('opens from its trigger with title and description, and Cancel closes it without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="secondary">Delete</Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete redirect</AlertDialogTitle>
            <AlertDialogDescription>This action cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete redirect' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('This action cannot be undone.').id);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel.className).toContain('bg-white');
    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

function EmailField() {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>Email</Label>
      <Input id={id} type="email" />
    </div>
  );
}

describe('Label and Input', () => {
  it('associates the label with its input through htmlFor and a useId id', () => {
    render(
      <>
        <EmailField />
        <EmailField />
      </>,
    );
    const [first, second] = screen.getAllByLabelText('Email');
    expect(first.id).not.toBe('');
    expect(first.id).not.toBe(second.id);
    expect(first).toHaveProperty('type', 'email');
    expect(screen.getAllByRole('textbox', { name: 'Email' })).toHaveLength(2);
  });
});
