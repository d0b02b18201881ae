/**
 * Labelled form controls of the admin, built on the UI primitives: each takes its id from useId and passes the
 * rest (react-hook-form's `register(...)` included) to the control.
 */
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { Switch } from '../../components/ui/switch';
import { Textarea } from '../../components/ui/textarea';

export function TextField({ label, hint, ...props }: { label: string; hint?: ReactNode } & ComponentProps<'input'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hint ? hintId : undefined} {...props} />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  ...props
}: { label: string; hint?: ReactNode } & ComponentProps<'textarea'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} aria-describedby={hint ? hintId : undefined} {...props} />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export function SelectField({ label, children, ...props }: { label: string } & ComponentProps<'select'>) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} {...props}>
        {children}
      </NativeSelect>
    </div>
  );
}

export function SwitchField({
  label,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

/** A SwitchField bound to a boolean field of a react-hook-form. */
export function FormSwitch<T extends FieldValues, Output = T>({
  control,
  name,
  label,
}: {
  control: Control<T, unknown, Output>;
  name: FieldPathByValue<T, boolean>;
  label: string;
}) {
  const { field } = useController({ control, name });
  return <SwitchField label={label} checked={field.value} onCheckedChange={field.onChange} />;
}

/** A form's submit button, and Cancel while an existing row is being edited. */
export function FormActions({
  label,
  busy,
  onCancel,
  className,
}: {
  label: string;
  busy: boolean;
  /** Given while editing: shows Cancel. */
  onCancel?: () => void;
  className?: string;
}) {
  return (
    <div className={className ?? 'flex gap-3'}>
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
      {onCancel && (
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  );
}
