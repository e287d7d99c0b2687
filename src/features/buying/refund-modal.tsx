/**
 * The refund modal (dialog 申请退款), opened from the order detail with
 * `{ orderId }` for an order the server marks `refundable` (`paid` or
 * `delivered`, within its items' refund window, no gift claimed: docs/api.md).
 *
 * Two steps: a reason (a common one from the list, plus optional details),
 * under the order's terms (the store's promise and until when it may be
 * refunded, ./promise.ts: the same words as the order detail), then a
 * confirmation naming the amount. 确认退款 sends `quick/refund` once:
 * the button is disabled while the request runs and a second click in the
 * same tick is dropped. On success the order lists refetch (the order is now
 * 退款中, and 已退款 once the server settles it) and the modal closes; a
 * refusal shows the server's message in the dialog.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { userMessage } from '../../api/errors';
import { postRefund } from '../../api/orders';
import { useCurrentUser, type ModalComponentProps } from '../../shared/app-actor';
import { charCount, firstChars } from '../../shared/chars';
import { toast } from '../../shared/toast';
import { Dialog } from '../../shared/ui/dialog';
import { refundCouponNote, refundScopeNotes } from './order-text';
import { useRedeemed } from './redeemed';
import { orderFacts, refundState } from './promise';
import { orderDetailQuery, ORDERS_KEY } from './queries';
import { FactList } from './trust-strip';
import { formatYuan } from '../../shared/money';
import './order.css';
import { Select, TextArea } from '../../shared/ui/form-controls';

/** @internal */
export const REFUND_REASONS = ['不想要了', '拍错了/多拍了', '激活码无法使用', '未按约定时间到账', '其他原因'] as const;
const REFUND_SUBMITTED = '退款申请已提交';
/**
 * 补充说明 holds at most this many characters (code points, so 𠮷 counts once).
 * @internal
 */
export const REFUND_DETAILS_MAX = 200;
/**
 * Said when typed or pasted text was longer: the browser's own maxlength cut it without a word.
 * @internal
 */
export const REFUND_DETAILS_CUT = `补充说明最多 ${REFUND_DETAILS_MAX} 字，超出部分已去掉`;

const PropsSchema = z.object({ orderId: z.string().check(z.minLength(1)) });

/**
 * What the server stores: the chosen reason, with the details after a colon.
 * @internal
 */
export function refundReason(reason: string, details: string): string {
  const extra = details.trim();
  return extra ? `${reason}：${extra}` : reason;
}

export function RefundModal({ onClose, props }: ModalComponentProps) {
  const parsed = PropsSchema.safeParse(props);
  return (
    <Dialog title="申请退款" onClose={onClose}>
      {parsed.success ? (
        <RefundForm orderId={parsed.data.orderId} onClose={onClose} />
      ) : (
        <p role="alert">缺少订单信息</p>
      )}
    </Dialog>
  );
}

function RefundForm({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const order = useQuery({ ...orderDetailQuery(user?.userId ?? 0, orderId), enabled: user !== null });
  const [reason, setReason] = useState<string>(REFUND_REASONS[0]);
  const [details, setDetails] = useState('');
  const [detailsCut, setDetailsCut] = useState(false);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const sending = useRef(false);
  const ids = { reason: useId(), details: useId(), count: useId() };
  const [redeemed] = useRedeemed(user?.userId ?? 0, orderId);
  const scope = order.data ? refundScopeNotes(order.data, redeemed.length) : [];

  const refund = useMutation({
    mutationFn: () => postRefund({ orderId, reason: refundReason(reason, details) }),
    onSuccess: async () => {
      toast.success(REFUND_SUBMITTED);
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      onClose();
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  const confirm = () => {
    // A double click lands twice before React re-renders the disabled button: the ref drops the second one.
    if (sending.current) return;
    sending.current = true;
    refund.mutate();
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    setStep('confirm');
  };

  if (step === 'confirm') {
    return (
      <div className="refund-form">
        <p>确认申请退款？{order.data ? <>退款金额 {formatYuan(order.data.payAmount)} 将原路退回。</> : null}</p>
        {order.data && refundCouponNote(order.data) ? <p>{refundCouponNote(order.data)}</p> : null}
        {scope.map((note) => (
          <p key={note}>{note}</p>
        ))}
        <p className="order-muted">退款原因：{refundReason(reason, details)}</p>
        {refund.isError ? (
          <p role="alert" className="form-error">
            {userMessage(refund.error)}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button" disabled={refund.isPending} onClick={() => setStep('form')}>
            返回修改
          </button>
          <button type="button" className="button button-primary" disabled={refund.isPending} onClick={confirm}>
            确认退款
          </button>
        </div>
      </div>
    );
  }

  const terms = order.data ? refundState(order.data) : null;
  return (
    <form className="refund-form" onSubmit={next}>
      {order.data ? (
        <div className="order-promise">
          <FactList facts={orderFacts(order.data)} />
          {terms ? <p className="order-refund-state">{terms}</p> : null}
          {refundCouponNote(order.data) ? <p className="order-refund-state">{refundCouponNote(order.data)}</p> : null}
          {scope.map((note) => (
            <p key={note} className="order-refund-state">
              {note}
            </p>
          ))}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={ids.reason}>退款原因</label>
        <Select id={ids.reason} value={reason} onChange={(event) => setReason(event.target.value)}>
          {REFUND_REASONS.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </Select>
      </div>
      <div className="field">
        <label htmlFor={ids.details}>补充说明（选填）</label>
        <TextArea
          id={ids.details}
          rows={3}
          aria-describedby={ids.count}
          value={details}
          onChange={(event) => {
            setDetails(firstChars(event.target.value, REFUND_DETAILS_MAX));
            setDetailsCut(charCount(event.target.value) > REFUND_DETAILS_MAX);
          }}
        />
        <p id={ids.count} className="field-count">
          {charCount(details)}/{REFUND_DETAILS_MAX}
        </p>
        <p role="status" className={detailsCut ? 'field-error' : 'visually-hidden'}>
          {detailsCut ? REFUND_DETAILS_CUT : ''}
        </p>
      </div>
      <p className="order-muted">退款成功后激活码将失效，款项原路退回。</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          取消
        </button>
        <button type="submit" className="button button-primary">
          提交申请
        </button>
      </div>
    </form>
  );
}
