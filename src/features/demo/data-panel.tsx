/** 数据: what the simulated backend holds, and a reset to its seed (the popup's day offset and record too). */
import { resetMock, type MockState } from '../../api/demo-controls';
import { browserStorage, removeStored } from '../../shared/storage';
import { DEMO_CLOCK_OFFSET_KEY, POPUP_RECORD_KEY } from '../marketing';
import { Panel, type ConsoleActions } from './demo-ui';

export function DataPanel({
  run,
  busy,
  state,
  onOffsetDays,
}: ConsoleActions & { state: MockState | undefined; onOffsetDays: (days: number) => void }) {
  const reset = () =>
    run(async () => {
      await resetMock();
      removeStored(browserStorage('localStorage'), DEMO_CLOCK_OFFSET_KEY);
      removeStored(browserStorage('localStorage'), POPUP_RECORD_KEY);
      onOffsetDays(0);
      return '模拟数据已重置';
    });
  return (
    <Panel title="数据">
      {state ? (
        <p className="muted">
          用户 {state.users.length} 个，订单 {state.orders.length} 个，二维码 {state.qrCodes} 个，投放出价请求{' '}
          {state.bidRequests} 次
        </p>
      ) : null}
      <button type="button" className="button" disabled={busy} onClick={() => void reset()}>
        重置模拟数据
      </button>
    </Panel>
  );
}
