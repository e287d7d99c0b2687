/** 继续支付 for an unpaid order: opens the pay modal on that order (the order detail and each row of 我的订单). */
import { useModals } from '../../shared/app-actor';

export function ContinuePayButton({ orderId }: { orderId: string }) {
  const modals = useModals();
  return (
    <button type="button" className="button button-primary" onClick={() => modals.open('pay', { orderId })}>
      继续支付
    </button>
  );
}
