/** 状态机: opens the offline state machine inspector (src/dev-tools), as Alt+Shift+I does on any page. */
import { loadDevInspector } from '../../shared/dev-inspector';
import { Panel } from './demo-ui';

export function MachinesPanel() {
  return (
    <Panel title="状态机">
      <p className="muted">
        列出运行中的全部 actor、当前状态、上下文（个人信息已打码）和最近的事件；也可在任意页面按 Alt+Shift+I 打开。
      </p>
      <button
        type="button"
        className="button"
        onClick={() => void loadDevInspector().then((tools) => tools?.toggleInspectorPanel())}
      >
        打开状态机检查器
      </button>
    </Panel>
  );
}
