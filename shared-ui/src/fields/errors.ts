import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';

export const REQUIRED_MESSAGE = 'Input is Required';
export const UNKNOWN_FIELD_ERROR = '?????';

/** The text shown under a field: its message, 'Input is Required' for a bare required error, else '?????'. */
export function fieldErrorMessage(error: Pick<FieldError, 'type' | 'message'> | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  return error.type === 'required' ? REQUIRED_MESSAGE : UNKNOWN_FIELD_ERROR;
}

export interface ServerFieldError {
  path?: string | (string | number)[] | null;
  msg?: string | null;
}

/** Server paths such as "items[0].amount" or ['items', 0, 'amount'] in react-hook-form's dotted form. */
export function normaliseErrorPath(path: ServerFieldError['path']): string {
  if (path === null || path === undefined) return '';
  const joined = Array.isArray(path) ? path.join('.') : path;
  return joined.replace(/\[(\w+)\]/g, '.$1').replace(/^\./, '');
}

/**
 * Splits server errors ([{ path, msg }]) into per-field messages (the first message of a
 * field wins) and messages that belong to no field.
 */
export function mapServerErrors(errors: readonly ServerFieldError[]): { fields: Record<string, string>; general: string[] } {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const e of errors) {
    const path = normaliseErrorPath(e.path);
    const msg = e.msg?.trim() || UNKNOWN_FIELD_ERROR;
    if (!path) general.push(msg);
    else if (!(path in fields)) fields[path] = msg;
  }
  return { fields, general };
}

/** Puts server field errors on the form; returns the messages that belong to no field. */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, errors: readonly ServerFieldError[]): string[] {
  const { fields, general } = mapServerErrors(errors);
  let first = true;
  for (const [path, message] of Object.entries(fields)) {
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return general;
}
