/**
 * The quantity of one goods, 1..cap.max (`src/features/buying/quantity.ts` owns the cap):
 * − / + buttons or typing. Used by the game detail and the pay dialog.
 *
 * A quantity above the cap, typed or asked for before the stepper showed
 * (`requested`: the URL's `num`, the buy button's `buyNum`), is changed to the
 * cap at once and the stepper says so next to it until the shopper picks
 * another quantity: nothing is capped silently at order time.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { capQuantity, quantityCapNotice, type QuantityCap } from './quantity';
import { TextInput } from '../../shared/ui/form-controls';
import './quantity-stepper.css';

export function QuantityStepper({
  value,
  cap,
  onChange,
  requested,
  disabled = false,
}: {
  value: number;
  cap: QuantityCap;
  onChange: (n: number) => void;
  /** the quantity asked for before this stepper showed; above the cap it is said at once */
  requested?: number | undefined;
  disabled?: boolean;
}) {
  const labelId = useId();
  const noticeId = useId();
  const { max } = cap;
  const [draft, setDraft] = useState<string | null>(null);
  const [capped, setCapped] = useState(() => requested !== undefined && requested > max);
  const take = (wanted: number) => {
    setDraft(null);
    setCapped(wanted > max);
    const next = capQuantity(wanted, cap);
    if (next !== value) onChange(next);
  };
  // Blur / Enter settle what is still being typed (empty, 0, 2.5); the value on screen is already taken.
  const commit = () => {
    if (draft === null) return;
    const parsed = Number.parseInt(draft, 10);
    if (Number.isFinite(parsed)) take(parsed);
    else setDraft(null);
  };
  const notice = capped ? quantityCapNotice(cap) : '';
  return (
    <div className="stepper-row">
      <span id={labelId}>购买数量</span>
      <div className="stepper" role="group" aria-labelledby={labelId}>
        <button type="button" aria-label="减少数量" disabled={disabled || value <= 1} onClick={() => take(value - 1)}>
          −
        </button>
        <TextInput
          type="number"
          inputMode="numeric"
          aria-label="购买数量"
          aria-describedby={capped ? noticeId : undefined}
          min={1}
          max={max}
          step={1}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const raw = event.target.value;
            const parsed = Number(raw);
            // Above the cap: shown as the cap at once, and said. Within 1..max: taken. Else (empty, 0) wait for blur / Enter.
            if (raw !== '' && Number.isInteger(parsed) && parsed >= 1) take(parsed);
            else setDraft(raw);
          }}
          onBlur={commit}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') commit();
          }}
        />
        <button type="button" aria-label="增加数量" disabled={disabled || value >= max} onClick={() => take(value + 1)}>
          +
        </button>
      </div>
      <span className="order-muted">最多 {max} 件</span>
      <span id={noticeId} className="quantity-notice" aria-live="polite">
        {notice}
      </span>
    </div>
  );
}
