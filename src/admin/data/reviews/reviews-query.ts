/** Every review, newest review date first (admins see hidden ones too: RLS). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { rowsOf } from '../../lib/errors';
import { reviewKeys } from './keys';

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.list(),
    queryFn: async () => rowsOf(await supabase.from('reviews').select().order('review_date', { ascending: false })),
    meta: { errorMessage: 'Failed to fetch reviews' },
  });

export const useReviewsQuery = () => useQuery(reviewsQueryOptions());
