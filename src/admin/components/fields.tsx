/**
 * Labelled form controls of the admin, built on the UI primitives: each takes its id from useId and passes the
 * rest (react-hook-form's `register(...)` included) to the control. Inside a form given to them by react-hook-form's
 * FormProvider, each shows its field's validation message under it and marks the control `aria-invalid`, the
 * message described by it (#27); the spec's toast still says it too.
 */
import { useId, type ComponentProps, type ReactNode } from 'react';
import {
  get,
  useController,
  useFormContext,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { Switch } from '../../components/ui/switch';
import { Textarea } from '../../components/ui/textarea';

/** The validation message of field `name` in the surrounding form, if any. */
function useFieldError(name: string | undefined): string | undefined {
  const form = useFormContext();
  if (!form || !name) return undefined;
  const message: unknown = (get(form.formState.errors, name) as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string' || !message) return undefined;
  // A toast's title and description (formIssue) as one sentence after another: 'Invalid URL. Please enter…'.
  const [title, ...rest] = message.split('\n');
  return rest.length ? `${title}${/[.!?:]$/.test(title) ? '' : '.'} ${rest.join(' ')}` : title;
}

/** A control's hint and validation message, and the attributes that tie them to it. */
function useDescription(name: string | undefined, hint: ReactNode) {
  const id = useId();
  const error = useFieldError(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    id,
    control: {
      'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      'aria-invalid': error ? true : undefined,
    },
    below: (
      <>
        {hint && (
          <p id={hintId} className="mt-1 text-xs text-stone-600">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </>
    ),
  };
}

export function TextField({ label, hint, ...props }: { label: string; hint?: ReactNode } & ComponentProps<'input'>) {
  const { id, control, below } = useDescription(props.name, hint);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...control} {...props} />
      {below}
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  ...props
}: { label: string; hint?: ReactNode } & ComponentProps<'textarea'>) {
  const { id, control, below } = useDescription(props.name, hint);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} {...control} {...props} />
      {below}
    </div>
  );
}

export function SelectField({ label, children, ...props }: { label: string } & ComponentProps<'select'>) {
  const { id, control, below } = useDescription(props.name, undefined);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} {...control} {...props}>
        {children}
      </NativeSelect>
      {below}
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
