/**
 * The form half of the editor shell (EditorShell): one react-hook-form over a body (title, markdown content,
 * content blocks and sections) checked by its zod schema, and what the post and page editors do with it alike.
 * While it holds unsaved changes the browser asks before leaving, and the shell's Cancel asks first (`dirty`).
 * Saving refuses a row without a slug, writes, shows the spec's success toast and calls `onSaved`; a failed write
 * keeps the form as it is (the mutation's meta has said why); a failed check shows the first problem and opens the
 * tab of the first bad field and focuses it (showFirstError). Restoring a version loads it into the form, to be
 * saved by staff.
 */
import type { BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodMiniType } from '../../lib/zod';
import type { Json } from '../../lib/supabase';
import { restoredFromVersion, type BlockValue, type SectionValue } from '../body-editors/body-values';
import { showFirstError } from '../../lib/form-errors';
import { useLeaveWarning } from '../../lib/leave-warning';
import { toast } from '../../lib/toast';

/** The fields every body editor holds: what a version restores. */
export interface BodyValues {
  title: string;
  content: string;
  blocks: BlockValue[];
  sections: SectionValue[];
}

/** What a body editor (BlogPostEditor, PageEditor) is given by its tab. */
export interface EditorProps<Detail, Saved, Tab extends string> {
  /** The row being edited, or null to create one. */
  detail: Detail | null;
  tab: Tab;
  onTab: (tab: Tab) => void;
  onSaved: (saved: Saved, created: boolean) => void;
  onCancel: () => void;
}

export interface EditorFormOptions<
  Values extends BodyValues,
  Input extends FieldValues,
  Row,
  Saved,
  Tab extends string,
> extends Pick<EditorProps<unknown, Saved, Tab>, 'tab' | 'onTab' | 'onSaved'> {
  schema: ZodMiniType<Input, Values>;
  defaultValues: Values;
  /** The tab that holds a field, by its path; undefined for the fields above the tabs. */
  tabOf: (path: string) => Tab | undefined;
  /** Whether a stored row is edited; false while a new one is created. */
  stored: boolean;
  /** The columns to write, from the checked form. */
  toRow: (values: Input) => Row & { slug?: string | null };
  /** Writes the row with its blocks and sections (`blocks`: asked by the Content Blocks tab); rejects on failure. */
  write: (row: Row, values: Input, blocks: boolean) => Promise<Saved>;
  /** Whether that write is under way. */
  writing: boolean;
  /** The success toast's title after creating a row and after updating one. */
  messages: { created: string; updated: string };
  /** The success toast's description: the 301 left at a published row's old address (D23), if it moved. */
  moved: (saved: Saved) => string | undefined;
}

/** The editor's form and what the shell does with it; give it to EditorShell. */
export interface EditorForm<Values extends BodyValues, Input extends FieldValues, Tab extends string> {
  form: UseFormReturn<Values, unknown, Input>;
  /** The submit handler of a save: the form's, or (`blocks`) the Content Blocks tab's own Save. */
  submit: (blocks?: boolean) => (e?: BaseSyntheticEvent) => Promise<void>;
  restore: (data: Json) => void;
  /** Whether a save is under way. */
  busy: boolean;
  /** Whether the form holds changes not saved (typed, or a version restored): leaving asks first. */
  dirty: boolean;
  tab: Tab;
  onTab: (tab: Tab) => void;
}

export function useEditorForm<Values extends BodyValues, Input extends FieldValues, Row, Saved, Tab extends string>(
  options: EditorFormOptions<Values, Input, Row, Saved, Tab>,
): EditorForm<Values, Input, Tab> {
  const { tab, onTab, tabOf, stored, messages } = options;
  const form = useForm<Values, unknown, Input>({
    resolver: zodResolver(options.schema),
    defaultValues: options.defaultValues as DefaultValues<Values>,
  });
  useLeaveWarning(form.formState.isDirty);

  const submit = (blocks = false) =>
    form.handleSubmit(
      async (values) => {
        const row = options.toRow(values);
        if (!row.slug) {
          toast.error('Please enter a URL slug', 'The title has no letters a–z or digits to make one from.');
          return;
        }
        let saved: Saved;
        try {
          saved = await options.write(row, values, blocks);
        } catch {
          return; // the mutation's meta has said why; the form keeps every change
        }
        const title = blocks ? 'Content blocks saved successfully' : stored ? messages.updated : messages.created;
        toast.success(title, options.moved(saved));
        options.onSaved(saved, !stored);
      },
      (errors) => showFirstError(errors, { tab, onTab, tabOf, focus: (path) => form.setFocus(path as never) }),
    );

  function restore(data: Json) {
    // Every body editor's values hold these fields (Values extends BodyValues).
    const body = form as unknown as UseFormReturn<BodyValues>;
    try {
      const r = restoredFromVersion(data);
      if (r.title) body.setValue('title', r.title, { shouldDirty: true });
      body.setValue('content', r.content, { shouldDirty: true });
      body.setValue('blocks', r.blocks, { shouldDirty: true });
      body.setValue('sections', r.sections, { shouldDirty: true });
      toast.success('Version restored to editor. Save to apply changes.');
    } catch {
      toast.error('Failed to restore version');
    }
  }

  const busy = form.formState.isSubmitting || options.writing;
  return { form, submit, restore, busy, dirty: form.formState.isDirty, tab, onTab };
}
