/** Every category, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { categoryKeys } from './keys';

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: async () => rowsOf(await supabase.from('categories').select().order('name', { ascending: true })),
    meta: { errorMessage: 'Failed to fetch categories' },
  });

export const useCategoriesQuery = () => useQuery(categoriesQueryOptions());
