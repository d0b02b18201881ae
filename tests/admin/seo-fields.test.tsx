/** The shared SEO block: counters, the spec's options, schema markup that must parse, blanks saved as null. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Toaster } from 'sonner';
import * as z from 'zod/mini';
import { SeoFields } from '../../src/admin/components/SeoFields';
import { toastFirstError } from '../../src/admin/lib/form-errors';
import {
  seoFieldsSchema,
  seoValues,
  toStaticPageSeo,
  type SeoFieldsInput,
} from '../../src/admin/lib/seo-fields-schema';

const schema = z.object({ seo: seoFieldsSchema });

function Editor({
  onSave,
  stored = { seo_title: 'Rooms', og_type: 'nonsense' },
}: {
  onSave: (seo: SeoFieldsInput) => void;
  stored?: Parameters<typeof seoValues>[0];
}) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { seo: seoValues(stored) },
  });
  return (
    <FormProvider {...form}>
      <Toaster />
      <form onSubmit={form.handleSubmit(({ seo }) => onSave(seo), toastFirstError)}>
        <SeoFields />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

describe('SeoFields', () => {
  it('counts title and description against 60 and 160, and offers the spec’s options', async () => {
    const user = userEvent.setup();
    render(<Editor onSave={() => {}} />);
    expect(screen.getByText('5/60 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Meta Description'), 'Rooms by the stupa.');
    expect(screen.getByText('19/160 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('SEO Title'), ' '.padEnd(60, 'x'));
    expect(screen.getByText(/65\/60 characters \(longer than search results show\)/)).toBeTruthy();
    const options = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.value);
    expect(options('Open Graph Type')).toEqual(['website', 'article', 'business.business']);
    expect(options('Twitter Card')).toEqual(['summary_large_image', 'summary']);
    // An unknown stored og_type falls back to the default.
    expect((screen.getByLabelText('Open Graph Type') as HTMLSelectElement).value).toBe('website');
  });

  it('shows and keeps the stored options, not the first ones', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<Editor onSave={onSave} stored={{ og_type: 'article', twitter_card: 'summary' }} />);
    expect((screen.getByLabelText('Open Graph Type') as HTMLSelectElement).value).toBe('article');
    expect((screen.getByLabelText('Twitter Card') as HTMLSelectElement).value).toBe('summary');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ og_type: 'article', twitter_card: 'summary' })),
    );
  });

  it('refuses schema markup that is not JSON, says why, and saves once it parses', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<Editor onSave={onSave} />);
    const markup = screen.getByLabelText('Schema Markup (JSON-LD)');
    await user.click(markup);
    await user.paste('{"@type": "Hotel",}');
    expect(screen.getByText(/Not valid JSON yet:/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(/^Schema markup must be valid JSON: /)).toHaveLength(2);
    expect(markup.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(markup);
    await user.paste('{"@type": "Hotel"}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0][0] as SeoFieldsInput;
    expect(saved).toMatchObject({ meta_title: 'Rooms', meta_description: null, schema_markup: '{"@type": "Hotel"}' });
    expect(toStaticPageSeo(saved)).toMatchObject({ seo_title: 'Rooms', seo_description: null, is_indexed: true });
    expect(toStaticPageSeo(saved)).not.toHaveProperty('meta_title');
  });
});
