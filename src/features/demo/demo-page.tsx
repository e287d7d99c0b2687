/**
 * `/demo` (no layout, not linked from the store): a console that drives the
 * simulated backend the way a real backend would act on its own, through its
 * control endpoints `POST {base}/__mock/<name>` (src/mock/backend.ts):
 * mark a login QR code scanned, complete or fail a payment, inject faults per
 * endpoint, move the clocks forward a day (the backend's and the coupon
 * popup's, `demo:clockOffsetDays`), open the state machine inspector
 * (src/dev-tools/), and reset the data. Mock mode only: with
 * a live backend it just says so.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { mockStateQueryOptions } from '../../api/demo-controls';
import { config } from '../../shared/env';
import { browserStorage } from '../../shared/storage';
import { readDemoClockOffsetDays } from '../marketing';
import { ClockPanel } from './clock-panel';
import { DataPanel } from './data-panel';
import type { ConsoleActions } from './demo-ui';
import { FaultPanel } from './fault-panel';
import { MachinesPanel } from './machines-panel';
import { PaymentPanel } from './payment-panel';
import { PricePanel } from './price-panel';
import { QrPanel } from './qr-panel';
import './demo.css';

export const LIVE_MODE_MESSAGE = '演示控制台仅在模拟后端模式下可用';

/** The panels (one file each), the status line they report to, and the backend state they show. */
function DemoConsole() {
  const queryClient = useQueryClient();
  const state = useQuery(mockStateQueryOptions());
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  // The popup clock's offset: moved by 前进一天, cleared by 重置模拟数据.
  const [offsetDays, setOffsetDays] = useState(() => readDemoClockOffsetDays(browserStorage('localStorage')));

  const actions: ConsoleActions = {
    busy,
    say: setMessage,
    run: async (action) => {
      setBusy(true);
      try {
        setMessage(await action());
      } catch (error) {
        setMessage(`操作失败：${error instanceof Error ? error.message : String(error)}`);
      } finally {
        setBusy(false);
        await queryClient.invalidateQueries({ queryKey: mockStateQueryOptions().queryKey });
      }
    },
  };

  return (
    <>
      <p role="status" className="demo-status">
        {message}
      </p>
      <QrPanel {...actions} />
      <PaymentPanel {...actions} orders={state.data?.orders ?? []} />
      <FaultPanel {...actions} faults={state.data?.faults ?? {}} />
      <PricePanel {...actions} />
      <ClockPanel {...actions} offsetDays={offsetDays} onOffsetDays={setOffsetDays} backendNow={state.data?.now} />
      <MachinesPanel />
      <DataPanel {...actions} state={state.data} onOffsetDays={setOffsetDays} />
    </>
  );
}

export function DemoPage() {
  return (
    <main id="main" className="demo-page">
      <h1>演示控制台</h1>
      {config.apiMode === 'live' ? <p role="alert">{LIVE_MODE_MESSAGE}</p> : <DemoConsole />}
    </main>
  );
}
