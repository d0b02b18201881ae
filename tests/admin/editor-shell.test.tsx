/**
 * The editor shell the post and page editors share (src/admin/components/editor-shell), through a small editor of
 * its own: a failed save opens the tab of the first bad field and focuses it, a save goes through `write` with the
 * spec's toast, the browser asks before leaving unsaved changes and so does Cancel, a version restores into the form,
 * the body tabs wait for a saved row, and the preview sits beside the form from 1280 px.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { useState } from 'react';
import * as z from '../../src/admin/lib/zod';
import { TabsContent } from '../../src/components/ui/tabs';
import { TextField } from '../../src/admin/components/fields';
import { EditorShell } from '../../src/admin/components/editor-shell/EditorShell';
import { useEditorForm } from '../../src/admin/components/editor-shell/use-editor-form';
import type { BlockValue, SectionValue } from '../../src/admin/components/body-editors/body-values';

const schema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'Title is required')),
  slug: z.string(),
  content: z.string(),
  summary: z.string().check(z.maxLength(5, 'The summary is too long')),
  blocks: z.custom<BlockValue[]>(),
  sections: z.custom<SectionValue[]>(),
});

const TABS = [
  ['content', 'Content'],
  ['details', 'Details'],
  ['sections', 'Sections'],
  ['blocks', 'Content Blocks'],
  ['versions', 'Version History'],
] as const;
type Tab = (typeof TABS)[number][0];

const SAVED = { id: 'n1', slug: 'lamps' };

function Editor({
  write = vi.fn(async () => SAVED),
  onSaved = vi.fn(),
  onCancel = () => {},
}: {
  write?: (row: { slug: string }) => Promise<typeof SAVED>;
  onSaved?: (saved: typeof SAVED, created: boolean) => void;
  onCancel?: () => void;
}) {
  const [tab, setTab] = useState<Tab>('content');
  const editor = useEditorForm({
    tab,
    onTab: setTab,
    onSaved,
    schema,
    defaultValues: { title: '', slug: '', content: '', summary: '', blocks: [], sections: [] },
    tabOf: (path) => (path === 'summary' ? 'details' : path === 'content' ? 'content' : undefined),
    stored: false,
    toRow: (values) => ({ slug: values.slug }),
    write,
    writing: false,
    messages: { created: 'Note created successfully', updated: 'Note updated successfully' },
    moved: () => undefined,
  });
  const { register } = editor.form;
  return (
    <>
      <Toaster />
      <EditorShell
        editor={editor}
        label="Note"
        tabs={TABS}
        tabsLabel="Note editor"
        body={{
          storedSections: [],
          needsSaved: {
            sections: 'Save first: sections',
            blocks: 'Save first: blocks',
            versions: 'Save first: versions',
          },
        }}
        submitLabel="Save Note"
        onCancel={onCancel}
        preview={(values) => <h1>{values.title || 'Untitled'}</h1>}
        header={
          <>
            <TextField label="Title" {...register('title')} />
            <TextField label="URL Slug" {...register('slug')} />
            <button type="button" onClick={() => editor.restore({ title: 'Older lamps', content: 'Butter lamps.' })}>
              Restore a version
            </button>
          </>
        }
      >
        <TabsContent value="content">
          <TextField label="Content" {...register('content')} />
        </TabsContent>
        <TabsContent value="details">
          <TextField label="Summary" {...register('summary')} />
        </TabsContent>
      </EditorShell>
    </>
  );
}

const leaving = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('the editor shell', () => {
  it('on a failed save says why, opens the tab of the first bad field and focuses it, and writes nothing', async () => {
    const write = vi.fn(async () => SAVED);
    const user = userEvent.setup();
    render(<Editor write={write} />);
    await user.type(screen.getByLabelText('Title'), 'Lamps');
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    await user.type(screen.getByLabelText('Summary'), 'far too long');
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    await user.click(screen.getByRole('button', { name: 'Save Note' }));

    expect(await screen.findAllByText('The summary is too long')).not.toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    const summary = screen.getByLabelText('Summary');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.getAttribute('aria-invalid')).toBe('true');
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses a row without a slug, else writes it, says so and hands the saved row on', async () => {
    const write = vi.fn(async () => SAVED);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<Editor write={write} onSaved={onSaved} />);
    await user.type(screen.getByLabelText('Title'), 'Lamps');
    await user.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(await screen.findByText('Please enter a URL slug')).toBeTruthy();
    expect(write).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('URL Slug'), 'lamps');
    await user.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(await screen.findByText('Note created successfully')).toBeTruthy();
    expect(write).toHaveBeenCalledWith({ slug: 'lamps' }, expect.objectContaining({ title: 'Lamps' }), false);
    expect(onSaved).toHaveBeenCalledWith(SAVED, true);
  });

  it('keeps the form when the write fails', async () => {
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<Editor write={vi.fn(async () => Promise.reject(new Error('refused')))} onSaved={onSaved} />);
    await user.type(screen.getByLabelText('Title'), 'Lamps');
    await user.type(screen.getByLabelText('URL Slug'), 'lamps');
    await user.click(screen.getByRole('button', { name: 'Save Note' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Note' })).toHaveProperty('disabled', false));
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Lamps');
    expect(leaving()).toBe(true);
  });

  it('has the browser ask before leaving only while the form holds unsaved changes', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    expect(leaving()).toBe(false);
    await user.type(screen.getByLabelText('Title'), 'Lamps');
    expect(leaving()).toBe(true);
  });

  it('restores a version into the form, to be saved, and previews the unsaved values', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(within(preview).getByRole('heading', { name: 'Untitled' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restore a version' }));
    expect(await screen.findByText('Version restored to editor. Save to apply changes.')).toBeTruthy();
    expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Older lamps');
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveProperty('value', 'Butter lamps.');
    expect(within(preview).getByRole('heading', { name: 'Older lamps' })).toBeTruthy();
    expect(leaving()).toBe(true);
  });

  it('shows what the body tabs need before a row is saved', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    for (const [tab, text] of [
      ['Sections', 'Save first: sections'],
      ['Content Blocks', 'Save first: blocks'],
      ['Version History', 'Save first: versions'],
    ]) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(within(screen.getByRole('tabpanel')).getByText(text)).toBeTruthy();
    }
  });

  it('leaves at once on Cancel when nothing is unsaved', async () => {
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(<Editor onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before Cancel discards unsaved changes, a restored version included (#31)', async () => {
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(<Editor onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Restore a version' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    expect(onCancel).not.toHaveBeenCalled();
    // Keep editing: the restored values stay, to be saved.
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Older lamps');
    // Asked again, Discard changes leaves.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('asks too after typing', async () => {
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(<Editor onCancel={onCancel} />);
    await user.type(screen.getByLabelText('Title'), 'Lamps');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeTruthy();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('puts the preview beside the form from 1280 px (xl), not only from 1536 px (#31)', () => {
    render(<Editor />);
    const layout = screen.getByRole('form', { name: 'Note' }).parentElement!;
    expect(layout.className.split(' ')).toContain('xl:grid-cols-2');
    expect(layout.className).not.toMatch(/2xl:/);
    expect(layout.contains(screen.getByRole('region', { name: 'Live preview' }))).toBe(true);
  });
});
