/**
 * The store's form controls: a text input, a select, a text area, a checkbox and a radio, each the browser's
 * own element underneath (so labels, the keyboard, screen readers, autofill and a phone's own keyboard and
 * picker work as everywhere), drawn in the store's look. Every select, input and text area of the store is
 * one of these (docs/components.md); each carries the `data-ui` marker (its kind as the value), which tests/lint/form-controls.test.ts
 * (in the source) and the audit pass (tests/e2e/support/audit.ts, on every screen and dialog) check.
 *
 * They label nothing themselves: the caller ties a `<label>` (or `aria-label`) to the control as for the
 * native element. `size="sm"` is the pill row's height (the chips beside it); the default is a form's.
 */
import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

type Size = 'md' | 'sm';

const classes = (base: string, size: Size | undefined, extra: string | undefined) =>
  [base, size === 'sm' ? `${base}-sm` : '', extra ?? ''].filter(Boolean).join(' ');

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type'> & {
  /** an amount is `text` with `inputMode="numeric"` (a phone's number pad), read by the caller; `number` is a stepper's */
  type?: 'text' | 'search' | 'tel' | 'number';
  size?: Size;
  ref?: Ref<HTMLInputElement>;
};

/** One line of text: a keyword, a phone number, a code, an amount. */
export function TextInput({ size, className, type = 'text', ref, ...props }: TextInputProps) {
  return <input data-ui="input" ref={ref} type={type} className={classes('ui-input', size, className)} {...props} />;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & {
  size?: Size;
  ref?: Ref<HTMLSelectElement>;
};

/** A choice of a few known options (the phone's own picker opens it). */
export function Select({ size, className, ref, children, ...props }: SelectProps) {
  return (
    <select data-ui="select" ref={ref} className={classes('ui-select', size, className)} {...props}>
      {children}
    </select>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

/** Free text over several lines (a refund's 补充说明). */
export function TextArea({ className, ref, ...props }: TextAreaProps) {
  return (
    <textarea
      data-ui="textarea"
      ref={ref}
      className={classes('ui-input', undefined, ['ui-textarea', className].filter(Boolean).join(' '))}
      {...props}
    />
  );
}

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'> & { ref?: Ref<HTMLInputElement> };

/** A yes/no of its own (an agreement, 标记为已兑换); the label beside it is the caller's. */
export function Checkbox({ className, ref, ...props }: ChoiceProps) {
  return (
    <input
      data-ui="checkbox"
      ref={ref}
      type="checkbox"
      className={classes('ui-check', undefined, className)}
      {...props}
    />
  );
}

/** One of a group of choices sharing a `name` (a pay channel, an edition); the label around it is the caller's. */
export function Radio({ className, ref, ...props }: ChoiceProps) {
  return (
    <input data-ui="radio" ref={ref} type="radio" className={classes('ui-radio', undefined, className)} {...props} />
  );
}
