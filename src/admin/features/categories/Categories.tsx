/** Categories: list, create, edit, delete after confirmation; the slug follows the name until edited by hand. */
import { useState, type FormEvent } from 'react';
import { type Tables } from '../../lib/supabase';
import { keys } from '../../lib/query';
import { useChanged, useDelete, useRows } from '../../lib/table';
import { toast } from '../../lib/toast';
import { failure, saveRow } from '../../lib/rows';
import { MESSAGES, slugify } from '../../lib/validation';
import { Card, Confirm, Field, Spinner, TextArea, primaryButton, secondaryButton } from '../../components/ui';

type Category = Tables<'categories'>;
export type CategoryInput = Pick<Category, 'name' | 'slug' | 'description' | 'seo_title'>;

export function CategoryForm({
  editing,
  onSave,
  onCancel,
}: {
  editing: Category | null;
  onSave: (input: CategoryInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(editing?.name ?? '');
  const [slug, setSlug] = useState(editing?.slug ?? '');
  const [slugEdited, setSlugEdited] = useState(Boolean(editing));
  const [description, setDescription] = useState(editing?.description ?? '');
  const [seoTitle, setSeoTitle] = useState(editing?.seo_title ?? '');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      toast.error(MESSAGES.categoryName);
      return;
    }
    setBusy(true);
    const ok = await onSave({
      name: name.trim(),
      slug: slugify(slug) || slugify(name),
      description: description.trim() || null,
      seo_title: seoTitle.trim() || null,
    });
    setBusy(false);
    if (ok && !editing) {
      setName('');
      setSlug('');
      setSlugEdited(false);
      setDescription('');
      setSeoTitle('');
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
      <Field
        label="Name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (!slugEdited) setSlug(slugify(e.target.value));
        }}
      />
      <Field
        label="Slug"
        value={slug}
        onChange={(e) => {
          setSlug(e.target.value);
          setSlugEdited(true);
        }}
        hint="Used in the blog's category filter."
      />
      <div className="md:col-span-2">
        <TextArea label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <Field label="SEO Title" value={seoTitle} onChange={(e) => setSeoTitle(e.target.value)} />
      <div className="flex items-end gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {editing ? 'Update Category' : 'Create Category'}
        </button>
        {editing && (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

export default function Categories() {
  const [editing, setEditing] = useState<Category | null>(null);
  const { data: categories, isLoading } = useRows(
    'categories',
    keys.categories.all,
    { column: 'name', ascending: true },
    'Failed to fetch categories',
  );
  const changed = useChanged(keys.categories.all);

  async function save(input: CategoryInput) {
    try {
      await saveRow('categories', editing ?? null, input);
    } catch (err) {
      const duplicate = (err as { code?: string }).code === '23505';
      toast.error(
        failure(err, editing ? 'Failed to update category' : 'Failed to create category'),
        duplicate ? 'A category with this name or slug already exists.' : undefined,
      );
      return false;
    }
    toast.success(editing ? 'Category updated successfully' : 'Category created successfully');
    setEditing(null);
    await changed();
    return true;
  }

  const remove = useDelete('categories', changed, {
    done: 'Category deleted successfully',
    failed: 'Failed to delete category',
  });

  return (
    <div className="space-y-6">
      <Card title={editing ? `Edit Category: ${editing.name}` : 'Add Category'}>
        <CategoryForm key={editing?.id ?? 'new'} editing={editing} onSave={save} onCancel={() => setEditing(null)} />
      </Card>
      <Card title={`Categories (${categories?.length ?? 0})`}>
        {isLoading ? (
          <Spinner />
        ) : (
          <ul className="divide-y divide-stone-200">
            {(categories ?? []).map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <strong>{c.name}</strong> <span className="font-mono text-sm text-stone-600">/{c.slug}</span>
                  {c.description && <p className="text-sm text-stone-700">{c.description}</p>}
                </div>
                <button type="button" className={secondaryButton} onClick={() => setEditing(c)}>
                  Edit
                </button>
                <Confirm
                  trigger={
                    <button type="button" className={secondaryButton} aria-label={`Delete category ${c.name}`}>
                      Delete
                    </button>
                  }
                  title="Delete category"
                  description={`Are you sure you want to delete the category "${c.name}"? Posts in it will show as Uncategorized.`}
                  onConfirm={() => remove.mutate(c)}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
