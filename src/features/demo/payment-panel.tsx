/** 订单支付: settles a payment as the pay channel would, for an unpaid order listed or one typed in. */
import { useState } from 'react';
import { settlePayment, type MockState, type PaymentOutcome } from '../../api/demo-controls';
import { formatYuan } from '../../shared/money';
import { Field, Panel, type ConsoleActions } from './demo-ui';
import { TextInput } from '../../shared/ui/form-controls';

/** The outcomes a listed order's row offers, each with its button's text. */
const ROW_OUTCOMES: readonly (readonly [PaymentOutcome, string])[] = [
  ['completePayment', '支付成功'],
  ['failPayment', '支付失败'],
  ['cancelPayment', '取消支付'],
];

export function PaymentPanel({ run, say, busy, orders }: ConsoleActions & { orders: MockState['orders'] }) {
  const [orderId, setOrderId] = useState('');
  const settle = (id: string, outcome: PaymentOutcome) =>
    run(async () => `订单 ${id} 当前状态：${await settlePayment(outcome, id)}`);
  const submitOrder = (outcome: PaymentOutcome) => {
    const id = orderId.trim();
    if (!id) return say('请填写订单号');
    void settle(id, outcome);
  };
  const unpaid = orders.filter((o) => o.status === 'unpaid');
  return (
    <Panel title="订单支付">
      {unpaid.length > 0 ? (
        <ul className="demo-list" aria-label="待支付订单">
          {unpaid.map((order) => (
            <li key={order.orderId}>
              <span>
                {order.orderId} · 用户 {order.userId} · {formatYuan(order.payAmount)}
              </span>
              {ROW_OUTCOMES.map(([outcome, label]) => (
                <button
                  key={outcome}
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={`订单 ${order.orderId} ${label}`}
                  onClick={() => void settle(order.orderId, outcome)}
                >
                  {label}
                </button>
              ))}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">没有待支付的订单。</p>
      )}
      <Field label="订单号">
        {(id) => <TextInput id={id} value={orderId} onChange={(e) => setOrderId(e.target.value)} autoComplete="off" />}
      </Field>
      <div className="button-row demo-row">
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => submitOrder('completePayment')}
        >
          完成支付
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => submitOrder('failPayment')}>
          使支付失败
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => submitOrder('cancelPayment')}>
          取消支付
        </button>
      </div>
    </Panel>
  );
}
