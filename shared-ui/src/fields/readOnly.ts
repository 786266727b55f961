import { createContext, useContext } from 'react';

/** Set by the editor when the record is read-only, so every field inside it is locked without props. */
export const FieldsReadOnlyContext = createContext(false);

export function useFieldsReadOnly(): boolean {
  return useContext(FieldsReadOnlyContext);
}
