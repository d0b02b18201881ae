/** Contact Info: the single contact_details row, with the hotel's defaults prefilled (D16); update or insert. */
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Tables } from '../../lib/supabase';
import { useContactDetailsQuery } from '../../data/contact-details/contact-details-query';
import { useContactDetailsSaveMutation } from '../../data/contact-details/contact-details-save-mutation';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField, TextField } from '../../components/fields';
import { Panel } from '../../components/Panel';
import { toastFirstError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { contactDefaults, contactInputSchema, type ContactInput } from './contact-input-schema';

export default function ContactInfoTab() {
  const details = useContactDetailsQuery();
  const save = useContactDetailsSaveMutation();
  const form = useForm<ContactInput>({ resolver: zodResolver(contactInputSchema), defaultValues: contactDefaults });
  // The row the form was filled from: a refetch never replaces what is being typed, and the save checks this
  // row's updated_at, so someone else's change in between is reported (D18) rather than overwritten.
  const [loaded, setLoaded] = useState<Tables<'contact_details'> | null>(null);
  const row = details.data;
  useEffect(() => {
    if (row && !loaded) {
      const { hotel_name, phone, email, address, booking_url } = row;
      form.reset({ hotel_name, phone, email, address, booking_url });
      setLoaded(row);
    }
  }, [row, loaded, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ loaded, values });
    } catch {
      return; // the mutation's meta has shown the spec's message; the form keeps what was typed
    }
    toast.success('Contact details updated successfully');
    setLoaded(null);
  }, toastFirstError);

  if (details.isPending) return <Spinner />;
  const busy = form.formState.isSubmitting;
  const { register } = form;
  return (
    <Panel title="Contact Details">
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
          <TextField label="Hotel Name" required {...register('hotel_name')} />
          <TextField label="Phone" type="tel" required {...register('phone')} />
          <TextField label="Email" type="email" required {...register('email')} />
          <TextField label="Booking URL" type="url" required {...register('booking_url')} />
          <div className="md:col-span-2">
            <TextAreaField label="Address" rows={2} required {...register('address')} />
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Save Contact Details'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Panel>
  );
}
