/**
 * A form field of the login and real-name dialogs: the label, the input, and under it the field's error, or
 * its hint while there is none. One owner for how they are tied together (the input is invalid and
 * described by the error while there is one, by the hint otherwise), so every field reads the same to a
 * screen reader.
 */
import type { ReactNode, Ref } from 'react';
import { TextInput, type TextInputProps } from '../../shared/ui/form-controls';

interface LabelledFieldProps extends Omit<TextInputProps, 'id' | 'ref' | 'aria-invalid' | 'aria-describedby'> {
  id: string;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  /** what is wrong with the value, shown under the input */
  error?: string | undefined;
  /** shown under the input while there is no error */
  hint?: ReactNode;
  /** beside the input, in one row (the code field's 获取验证码) */
  action?: ReactNode;
  /** more ids that describe the input (a note shown below, in `children`) */
  describedBy?: string | undefined;
  /** below the error or hint */
  children?: ReactNode;
}

export function LabelledField({
  id,
  label,
  inputRef,
  error,
  hint,
  action,
  describedBy,
  children,
  ...input
}: LabelledFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describers = [error ? errorId : hint ? hintId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  const field = (
    <TextInput
      id={id}
      ref={inputRef}
      aria-invalid={error ? true : undefined}
      aria-describedby={describers}
      {...input}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {action ? (
        <div className="code-row">
          {field}
          {action}
        </div>
      ) : (
        field
      )}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}
