import { useEffect, useState } from 'react';
import { formatCountdown } from './order-text';

/**
 * Time left until `expireTime` as mm:ss (role timer). Display only: the
 * server decides when an order expires, and status polling reports it.
 */
export function Countdown({ expireTime, label = '剩余支付时间' }: { expireTime: number; label?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="pay-countdown">
      {label}{' '}
      <span role="timer" aria-label={label} aria-live="off">
        {formatCountdown(expireTime - now)}
      </span>
    </p>
  );
}
