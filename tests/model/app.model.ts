/**
 * Model of the root app machine. Its children are replaced by fakes here (the
 * forwarding itself is asserted in tests/machines/app.machine.test.ts); the
 * model checks the app's own chart: forwarding keeps the state, and the end of
 * `buildPoll` (a reload has started) moves the app to `reloading`.
 */
import { appMachine } from '../../machines/app.machine';
import { defineModel, doneEvent } from '../support/model';

export const appModel = defineModel({
  machine: appMachine,
  input: { buildId: 'build-1' },
  events: {
    'modal.open': [{ type: 'modal.open', name: 'login' }],
    'modal.close': [{ type: 'modal.close', name: 'login' }],
    'modal.closeAll': [{ type: 'modal.closeAll' }],
    'navigation.requested': [{ type: 'navigation.requested', to: '/new' }],
    'app.offline': [{ type: 'app.offline' }],
    'app.online': [{ type: 'app.online' }],
    'payment.started': [{ type: 'payment.started' }],
    'payment.ended': [{ type: 'payment.ended' }],
    'session.changed': [{ type: 'session.changed', user: { userId: 10001 } }],
  },
  invokes: {
    buildPoll: { done: [undefined] },
  },
  journeys: [
    {
      name: 'forwards every child event while running, and modal events after the reload started',
      events: [
        { type: 'modal.open', name: 'login' },
        { type: 'modal.close', name: 'login' },
        { type: 'modal.closeAll' },
        { type: 'navigation.requested', to: '/new' },
        { type: 'app.offline' },
        { type: 'app.online' },
        { type: 'payment.started' },
        { type: 'payment.ended' },
        { type: 'session.changed', user: { userId: 10001 } },
        doneEvent('buildPoll'),
        { type: 'modal.open', name: 'login' },
        { type: 'navigation.requested', to: '/new' },
      ],
    },
  ],
});
