import { Dialog } from '../components/dialog';
import type { ModalComponentProps } from './registry';

/** Opened through the modal machine; the buying flow fills this dialog (issue 6). */
export function RefundModal({ onClose }: ModalComponentProps) {
  return (
    <Dialog title="申请退款" onClose={onClose}>
      <p>正在准备，请稍候…</p>
    </Dialog>
  );
}
