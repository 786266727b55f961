import { Button, Card, CardHeader, Subtitle2 } from '@fluentui/react-components';
import { consoleUserContract } from 'api/contracts/support';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { api, CheckboxField, FormGrid, FormProvider, SelectField, TextField, useWatch, useZodForm } from 'shared-ui';
import { consoleCall, useCompanies } from '../console-call.js';

/**
 * Add User (spec 3 §5 'New user (console)'): an administrator of the chosen company (spec 3 §6);
 * ticking Support Access makes a support user of every company, and the company becomes their
 * default one.
 */
export function AddUser({ database }: { database: string }) {
  const companies = useCompanies();
  const form = useZodForm(consoleUserContract as z.ZodType<unknown, FieldValues>, { code: '', name: '', email: '', password: '', company: database, is_super: false });
  const support = useWatch({ control: form.control, name: 'is_super' }) === true;
  const submit = form.handleSubmit(async (values) => {
    const done = await consoleCall('Create user', () => api.post<{ message: string }>('/api/support/user', values, { quiet: true }), form.setError);
    if (done) form.reset({ code: '', name: '', email: '', password: '', company: database, is_super: false });
  });
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Add User</Subtitle2>} />
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} aria-label="Add User" noValidate>
          <FormGrid>
            <TextField name="code" label="Login Name" required upperCase maxLength={25} autoComplete="off" />
            <TextField name="name" label="Display Name" required maxLength={60} />
            <TextField name="email" label="Email" type="email" />
            <TextField name="password" label="Password" type="password" required autoComplete="new-password" />
            <SelectField name="company" label={support ? 'Default Company' : 'Company'} required placeholder="Choose a company"
              options={(companies.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))} />
            <CheckboxField name="is_super" label="Support access (all companies)" />
          </FormGrid>
          <Button appearance="primary" type="submit" disabled={form.formState.isSubmitting} style={{ marginTop: 12 }}>Create User</Button>
        </form>
      </FormProvider>
    </Card>
  );
}
