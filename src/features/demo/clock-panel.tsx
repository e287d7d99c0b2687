/**
 * 时钟与每日弹窗: moves both clocks a day forward (the popup's, an offset in localStorage read in mock mode, and
 * the backend's), and clears the popup's "shown today" record.
 */
import { advanceMockClock } from '../../api/demo-controls';
import { formatDate } from '../../shared/format';
import { browserStorage, removeStored, writeText } from '../../shared/storage';
import { DEMO_CLOCK_OFFSET_KEY, POPUP_RECORD_KEY } from '../marketing';
import { DAY_MS } from '../../shared/beijing-time';
import { Panel, type ConsoleActions } from './demo-ui';

interface ClockPanelProps extends ConsoleActions {
  offsetDays: number;
  onOffsetDays: (days: number) => void;
  /** the backend's time, once its state is read */
  backendNow: number | undefined;
}

export function ClockPanel({ run, say, busy, offsetDays, onOffsetDays, backendNow }: ClockPanelProps) {
  const advanceDay = () =>
    run(async () => {
      const next = offsetDays + 1;
      writeText(browserStorage('localStorage'), DEMO_CLOCK_OFFSET_KEY, String(next));
      onOffsetDays(next);
      await advanceMockClock(DAY_MS);
      return `时钟已前进 1 天（共 ${next} 天），刷新页面后按新日期判断每日弹窗`;
    });
  const clearPopupRecord = () => {
    removeStored(browserStorage('localStorage'), POPUP_RECORD_KEY);
    say('已清除每日弹窗记录，刷新页面后会再次弹出');
  };
  return (
    <Panel title="时钟与每日弹窗">
      <p>
        弹窗时钟偏移：{offsetDays} 天
        {backendNow === undefined ? '' : `；后端时间：${formatDate(backendNow, 'yyyy.MM.dd hh:mm')}`}
      </p>
      <div className="button-row demo-row">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void advanceDay()}>
          前进一天
        </button>
        <button type="button" className="button" onClick={clearPopupRecord}>
          清除弹窗记录
        </button>
      </div>
    </Panel>
  );
}
