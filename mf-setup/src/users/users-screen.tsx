import { useState } from 'react';
import { Body1, Button, Card, CardHeader, Checkbox, Field, MessageBar, MessageBarBody, MessageBarTitle, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { USER_TYPES, type PermissionFlag } from 'api/contracts/permissions';
import { MIN_PAGE_ROWS, SIGNATURE_MAX_BYTES, USER_CHANGES_BY_SUPPORT } from 'api/contracts/users';
import {
  CheckboxField, ImageField, ListEditor, NumberField, RecordEditor, SelectField, TextField, useCurrentUser, useFieldsReadOnly,
  type EditorContext, type EditorTab, type ListColumn, type ListRecord, useController, useWatch } from 'shared-ui';
import { FormGrid } from '../common/form-grid.js';
import { PERMISSION_LABELS, visiblePermissionGroups } from './permissions.js';
import { ASSIGNABLE_USER_TYPES, userFormContract } from './user-form.js';

const useStyles = makeStyles({
  groups: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))', alignItems: 'start' },
  group: { display: 'flex', flexDirection: 'column', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalS },
  notice: { maxWidth: '720px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const userTypeName = (type: unknown) => (USER_TYPES as Record<string, string>)[String(type)] ?? String(type ?? '');

const columns: ListColumn<ListRecord>[] = [
  { header: 'Code', field: 'id', sortable: true, width: 160 },
  { header: 'Name', field: 'name', sortable: true },
  { header: 'Type', field: 'usertype', sortable: true, width: 160, render: (r) => userTypeName(r.usertype) },
  { header: 'Email', field: 'email', sortable: true },
];

const fieldKinds = { id: 'text', name: 'text', email: 'text', usertype: 'select', password: 'text', currentPassword: 'text', desktopRows: 'number', mobileRows: 'number', inactive: 'checkbox' } as const;

/** One permission flag as a checkbox bound to permissions.<flag>. */
function PermissionBox({ flag }: { flag: PermissionFlag }) {
  const readOnly = useFieldsReadOnly();
  // A box registers its flag as false, not undefined: the contract accepts a flag left out, but
  // a flag present without a value is not a boolean.
  const { field } = useController({ name: `permissions.${flag}`, defaultValue: false });
  return <Checkbox label={PERMISSION_LABELS[flag]} checked={field.value === true} disabled={readOnly} onChange={(_, d) => field.onChange(d.checked === true)} />;
}

function PermissionsTab() {
  const styles = useStyles();
  const isAdmin = useWatch({ name: 'permissions.p_is_admin' }) === true;
  return (
    <div className={styles.groups}>
      {visiblePermissionGroups(isAdmin).map((group) => (
        <fieldset key={group.title} className={styles.group}>
          <legend>{group.title}</legend>
          {group.flags.map((flag) => (
            <PermissionBox key={flag} flag={flag} />
          ))}
        </fieldset>
      ))}
      {isAdmin ? <Body1>An administrator holds every permission; untick Administrator to choose them one by one.</Body1> : null}
    </div>
  );
}

/** `self`: the signed-in user's own record, whose new password needs the current one (the server checks). */
function ProfileFields({ isNew, self = false }: { isNew: boolean; self?: boolean }) {
  return (
    <>
      <TextField name="name" label="Name" required maxLength={60} />
      <TextField name="email" label="Email" type="email" maxLength={200} />
      <TextField
        name="password"
        label={isNew ? 'Password' : 'New password'}
        type="password"
        required={isNew}
        autoComplete="new-password"
        hint={isNew ? 'At least 8 characters' : 'Leave blank to keep the current password'}
      />
      {self ? (
        <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" hint="Needed to change your password; changing it signs you out everywhere" />
      ) : null}
      <NumberField name="desktopRows" label="Rows per page (desktop)" required decimals={0} min={MIN_PAGE_ROWS} />
      <NumberField name="mobileRows" label="Rows per page (mobile)" required decimals={0} min={MIN_PAGE_ROWS} />
    </>
  );
}

function SignatureTab() {
  return <ImageField name="signature" label="Signature" maxKb={SIGNATURE_MAX_BYTES / 1024} previewHeight={120} hint="PNG or JPEG, at most 150 kb" />;
}

function userTabs(actorId: string): EditorTab<ListRecord>[] {
  return [
    {
      value: 'details',
      label: 'Details',
      render: ({ isNew, record }: EditorContext<ListRecord>) => (
        <FormGrid>
          <TextField name="id" label="Code" required upperCase maxLength={25} disabled={!isNew} hint={isNew ? 'At least 5 characters, no spaces' : undefined} />
          <SelectField name="usertype" label="User Type" required options={ASSIGNABLE_USER_TYPES.map((t) => ({ value: t, label: userTypeName(t) }))} />
          <ProfileFields isNew={isNew} self={!isNew && record?.id === actorId} />
          <CheckboxField name="inactive" label="Inactive" />
        </FormGrid>
      ),
    },
    { value: 'permissions', label: 'Permissions', render: () => <PermissionsTab /> },
    { value: 'signature', label: 'Signature', render: () => <SignatureTab /> },
  ];
}

/**
 * A user without the super flag sees the notice that user changes go through support (the
 * server refuses them alike), and may still edit their own name, e-mail, password, page sizes
 * and signature.
 */
function TemporaryNotice({ userId }: { userId: string }) {
  const styles = useStyles();
  const [editing, setEditing] = useState(false);
  return (
    <Card className={styles.notice}>
      <CardHeader header={<Subtitle2>Users</Subtitle2>} />
      <MessageBar intent="info">
        <MessageBarBody>
          <MessageBarTitle>Temporary Notice</MessageBarTitle>
          {USER_CHANGES_BY_SUPPORT}
        </MessageBarBody>
      </MessageBar>
      <div>
        <Button onClick={() => setEditing(true)}>Edit my profile</Button>
      </div>
      {editing ? (
        <RecordEditor<ListRecord>
          recordKey={userId}
          path="/api/user"
          keyField="id"
          schema={userFormContract}
          fieldKinds={fieldKinds}
          editorSize="medium"
          editorTitle={() => 'My profile'}
          // Only the profile fields go to the server, so the update never touches access.
          toBody={(v) => ({ name: v.name, email: v.email, password: v.password, currentPassword: v.currentPassword, desktopRows: v.desktopRows, mobileRows: v.mobileRows, signature: v.signature })}
          editorTabs={[
            { value: 'details', label: 'Details', render: () => <FormGrid><ProfileFields isNew={false} self /></FormGrid> },
            { value: 'signature', label: 'Signature', render: () => <SignatureTab /> },
          ]}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Card>
  );
}

/**
 * Users (spec 3 §2, §6 'User editing'): with the super flag (support, in a company's client view)
 * the users are listed and edited; everyone else, administrators too, sees the notice.
 */
export default function UsersScreen() {
  const user = useCurrentUser().data;
  if (!user) return null;
  if (user.is_super !== true) return <TemporaryNotice userId={String(user.id)} />;
  return (
    <ListEditor
      title="Users"
      listPath="/api/user/list"
      path="/api/user"
      keyField="id"
      columns={columns}
      filters={{ inactive: true }}
      schema={userFormContract}
      fieldKinds={fieldKinds}
      defaults={{ usertype: 'USER', desktopRows: 25, mobileRows: 20, permissions: {} }}
      // The password is never read back; a blank one on a saved user keeps the current one.
      toForm={(record) => ({ ...record, password: '', currentPassword: '' })}
      editorSize="large"
      editorTitle={(record, isNew) => (isNew ? 'Add User' : `User: ${String(record?.id ?? '')}`)}
      editorTabs={userTabs(String(user.id))}
    />
  );
}
