/**
 * The shell of the blog post and page editors (#27): what the two show and do alike, so each editor keeps only its
 * own fields. It owns the layout (the form beside the live preview of its unsaved values), the tab list, the body
 * tabs (Sections, Content Blocks, Version History: BodyTabs), and the Cancel and save buttons under the tabs; Cancel
 * asks before it discards unsaved changes (a restored version included, #31). The preview sits beside the form from
 * 1280 px (xl), under it on narrower screens. The form it shows comes from `useEditorForm`, which owns saving,
 * restoring a version, the leave warning and where a failed save points staff.
 */
import { useState, type ReactNode } from 'react';
import { FormProvider, useWatch, type FieldValues } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { PreviewPanel } from '../body-editors/PreviewPanel';
import { Confirm } from '../Confirm';
import { BodyTabs, type BodyTabsProps } from './BodyTabs';
import type { BodyValues, EditorForm } from './use-editor-form';

/** The preview of the form's values as they are typed; only it renders again on each change. */
function LivePreview<Values extends FieldValues>({ render }: { render: (values: Values) => ReactNode }) {
  const values = useWatch() as Values;
  return <PreviewPanel>{render(values)}</PreviewPanel>;
}

export function EditorShell<Values extends BodyValues, Input extends FieldValues, Tab extends string>({
  editor,
  label,
  tabs,
  tabsLabel,
  header,
  children,
  body,
  submitLabel,
  cancelFirst = false,
  onCancel,
  preview,
}: {
  /** The editor's form, from useEditorForm. */
  editor: EditorForm<Values, Input, Tab>;
  /** The form's accessible name. */
  label: string;
  /** The tabs as [value, label], in order, and the tab list's accessible name. */
  tabs: readonly (readonly [Tab, string])[];
  tabsLabel: string;
  /** The editor's fields above the tabs. */
  header: ReactNode;
  /** The editor's own tab panels; the body tabs follow them. */
  children: ReactNode;
  body: BodyTabsProps;
  /** The save button's label while no save is under way. */
  submitLabel: string;
  /** Cancel before the save button (as the Pages spec lists them), else after it. */
  cancelFirst?: boolean;
  onCancel: () => void;
  preview: (values: Values) => ReactNode;
}) {
  const { form, submit, busy, dirty, tab, onTab } = editor;
  // Unsaved changes are lost on Cancel: ask first (#31).
  const [asking, setAsking] = useState(false);
  const cancel = (
    <Button type="button" variant="secondary" onClick={() => (dirty ? setAsking(true) : onCancel())}>
      Cancel
    </Button>
  );
  return (
    <FormProvider {...form}>
      <div className="grid gap-6 xl:grid-cols-2">
        <form onSubmit={submit()} noValidate className="min-w-0 space-y-4" aria-label={label}>
          {header}
          <Tabs value={tab} onValueChange={(v) => onTab(v as Tab)}>
            <TabsList aria-label={tabsLabel}>
              {tabs.map(([value, text]) => (
                <TabsTrigger key={value} value={value}>
                  {text}
                </TabsTrigger>
              ))}
            </TabsList>
            {children}
            <BodyTabs editor={editor} {...body} />
          </Tabs>
          <div className="flex flex-wrap gap-3 border-t border-stone-200 pt-4">
            {cancelFirst && cancel}
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : submitLabel}
            </Button>
            {!cancelFirst && cancel}
          </div>
        </form>
        <div className="min-w-0">
          <LivePreview render={preview} />
        </div>
      </div>
      <Confirm
        open={asking}
        onOpenChange={setAsking}
        title="Discard unsaved changes?"
        description="This form holds changes that are not saved, a restored version included. Leaving the editor discards them."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={onCancel}
      />
    </FormProvider>
  );
}
