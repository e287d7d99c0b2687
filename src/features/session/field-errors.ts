/**
 * The messages under the fields of the login and real-name forms, with the one rule for changing a checked
 * field: the field shows what `valueAfterChange` makes of the input, and its message goes away as soon as
 * the shopper edits it (the form checks again on submit).
 */
import { useState, type ChangeEvent } from 'react';
import { valueAfterChange, type InputSchema } from './session-input';

export type FieldErrors<K extends string> = { [key in K]?: string | undefined };

export function useFieldErrors<K extends string>() {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  /** Takes away `key`'s message, if it has one. */
  const clear = (key: K) => {
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };
  /**
   * What ties a text field checked by `schema` to the form (spread on its `LabelledField`): the value kept by
   * the form, the field's message, and the change handler.
   */
  const field = (key: K, schema: InputSchema, value: string, set: (value: string) => void) => ({
    value,
    error: errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      set(valueAfterChange(schema, event));
      clear(key);
    },
  });
  return { errors, setErrors, clear, field };
}
