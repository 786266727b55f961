import { Button, Card, CardHeader, Subtitle2 } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { MONTH_NAMES } from 'api/contracts/lookup';
import { DEFAULT_ENDPOINT, newCompanyContract } from 'api/contracts/support';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { api, FormGrid, FormProvider, NumberField, SelectField, TextField, useZodForm } from 'shared-ui';
import { COMPANIES_KEY, consoleCall } from '../console-call.js';

const MONTH_OPTIONS = MONTH_NAMES
  .map((label, i) => ({ value: i + 1, label }));

/**
 * Add Company Database (spec 3 §5 'New company'): the company and its schema, its administrator,
 * the first open month and the booking-system endpoint. The endpoint password is sent once and
 * never shown again (the server keeps it and answers only that one is set).
 */
export function AddCompany() {
  const queryClient = useQueryClient();
  const today = new Date();
  const form = useZodForm(newCompanyContract as z.ZodType<unknown, FieldValues>, {
    database: '', company_name: '', code: '', name: '', email: '', password: '', year: today.getFullYear(), month: today.getMonth() + 1,
    gp_host: DEFAULT_ENDPOINT.gp_host, gp_user: DEFAULT_ENDPOINT.gp_user, gp_pwd: '',
  });
  const submit = form.handleSubmit(async (values) => {
    const done = await consoleCall('Create company', () => api.post<{ message: string }>('/api/support/createdb', values, { quiet: true }), form.setError);
    if (done) {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: COMPANIES_KEY });
    }
  });
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Add Company Database</Subtitle2>} />
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} aria-label="Add Company Database" noValidate>
          <FormGrid>
            <TextField name="database" label="Database (8 to 20 characters)" required upperCase maxLength={20} />
            <TextField name="company_name" label="Company Name" required maxLength={80} />
            <TextField name="code" label="Login Name" required upperCase maxLength={25} autoComplete="off" />
            <TextField name="name" label="Display Name" required maxLength={60} />
            <TextField name="email" label="Email" type="email" />
            <TextField name="password" label="Password" type="password" required autoComplete="new-password" />
            <NumberField name="year" label="Starting Year" required />
            <SelectField name="month" label="Starting Month" required options={MONTH_OPTIONS} />
            <TextField name="gp_host" label="Booking System Endpoint URL" required type="url" />
            <TextField name="gp_user" label="Endpoint User" required autoComplete="off" />
            <TextField name="gp_pwd" label="Endpoint Password" type="password" required autoComplete="new-password" />
          </FormGrid>
          <Button appearance="primary" type="submit" disabled={form.formState.isSubmitting} style={{ marginTop: 12 }}>Create Company</Button>
        </form>
      </FormProvider>
    </Card>
  );
}
