/** Categories: list, create, edit, delete after confirmation. */
import { useState } from 'react';
import type { Tables } from '../../lib/supabase';
import { useCategoriesQuery } from '../../data/categories/categories-query';
import { useCategoryCreateMutation } from '../../data/categories/category-create-mutation';
import { useCategoryUpdateMutation } from '../../data/categories/category-update-mutation';
import { useCategoryDeleteMutation } from '../../data/categories/category-delete-mutation';
import { Button } from '../../../components/ui/button';
import { Confirm } from '../../components/Confirm';
import { Panel } from '../../components/Panel';
import { QueryState } from '../../components/QueryState';
import { toast } from '../../lib/toast';
import { CategoryForm } from './CategoryForm';
import type { CategoryInput } from './category-input-schema';

type Category = Tables<'categories'>;

export default function CategoriesTab() {
  const [editing, setEditing] = useState<Category | null>(null);
  const categories = useCategoriesQuery();
  const create = useCategoryCreateMutation();
  const update = useCategoryUpdateMutation();
  const remove = useCategoryDeleteMutation();

  async function save(input: CategoryInput) {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, loadedAt: editing.updated_at, patch: input });
      else await create.mutateAsync(input);
    } catch {
      return false; // the mutation's meta has shown the spec's message
    }
    toast.success(editing ? 'Category updated successfully' : 'Category created successfully');
    setEditing(null);
    return true;
  }

  return (
    <div className="space-y-6">
      <Panel title={editing ? `Edit Category: ${editing.name}` : 'Add Category'}>
        <CategoryForm key={editing?.id ?? 'new'} editing={editing} onSave={save} onCancel={() => setEditing(null)} />
      </Panel>
      <Panel title={`Categories (${categories.data?.length ?? 0})`}>
        <QueryState query={categories} what="categories">
          {(rows) => (
            <ul className="divide-y divide-stone-200">
              {rows.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <strong>{c.name}</strong> <span className="font-mono text-sm text-stone-600">/{c.slug}</span>
                    {c.description && <p className="text-sm text-stone-700">{c.description}</p>}
                  </div>
                  <Button type="button" variant="secondary" onClick={() => setEditing(c)}>
                    Edit
                  </Button>
                  <Confirm
                    trigger={
                      <Button type="button" variant="secondary" aria-label={`Delete category ${c.name}`}>
                        Delete
                      </Button>
                    }
                    title="Delete category"
                    description={`Are you sure you want to delete the category "${c.name}"? Posts in it will show as Uncategorized.`}
                    onConfirm={() =>
                      remove.mutate(c, { onSuccess: () => toast.success('Category deleted successfully') })
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Panel>
    </div>
  );
}
