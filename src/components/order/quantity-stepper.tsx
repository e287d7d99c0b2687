import { useId, useState, type KeyboardEvent } from 'react';

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Quantity 1..max: − / + buttons or typing (committed on blur or Enter, clamped). */
export function QuantityStepper({ value, max, onChange, disabled = false }: { value: number; max: number; onChange: (n: number) => void; disabled?: boolean }) {
  const labelId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (raw: string) => {
    const parsed = Number.parseInt(raw, 10);
    setDraft(null);
    const next = Number.isFinite(parsed) ? clamp(parsed, 1, max) : value;
    if (next !== value) onChange(next);
  };
  return (
    <div className="stepper-row">
      <span id={labelId}>购买数量</span>
      <div className="stepper" role="group" aria-labelledby={labelId}>
        <button type="button" aria-label="减少数量" disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          aria-label="购买数量"
          min={1}
          max={max}
          step={1}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const raw = event.target.value;
            setDraft(raw);
            const parsed = Number(raw);
            if (Number.isInteger(parsed) && parsed >= 1 && parsed <= max && parsed !== value) onChange(parsed);
          }}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') commit(event.currentTarget.value);
          }}
        />
        <button type="button" aria-label="增加数量" disabled={disabled || value >= max} onClick={() => onChange(value + 1)}>
          +
        </button>
      </div>
      <span className="order-muted">最多 {max} 件</span>
    </div>
  );
}
