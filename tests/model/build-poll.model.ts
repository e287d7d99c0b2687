/**
 * Model of the build-poll machine. The running build is `build-1`; polling
 * may answer the same build, a newer one (`build-2`), or fail. Delays are
 * driven on a simulated clock, so the 5-minute interval costs nothing.
 */
import { buildPollMachine } from '../../machines/build-poll.machine';
import { afterEvent, defineModel, doneEvent, errorEvent } from '../support/model';

const SAME = { id: 'build-1', timestamp: 1 };
const NEWER = { id: 'build-2', timestamp: 2 };
const WAITING = 'buildPoll.active.build.polling.waiting';
const IDLE = 'buildPoll.active.build.polling.idle';

export const buildPollModel = defineModel({
  machine: buildPollMachine,
  input: { currentBuildId: 'build-1' },
  events: {
    'navigation.requested': [{ type: 'navigation.requested', to: '/gameDetail/7' }],
    'app.offline': [{ type: 'app.offline' }],
    'app.online': [{ type: 'app.online' }],
    'payment.started': [{ type: 'payment.started' }],
    'payment.ended': [{ type: 'payment.ended' }],
  },
  invokes: {
    fetchLatestBuild: { done: [SAME, NEWER], error: [new Error('offline')] },
  },
  describeContext: (context) => (context.latestBuildId ? `latest ${context.latestBuildId}` : ''),
  journeys: [
    {
      name: 'polls again after an unchanged answer and after a failed request',
      events: [
        afterEvent('firstCheckDelay', WAITING),
        doneEvent('fetchLatestBuild', SAME),
        afterEvent('pollInterval', IDLE),
        errorEvent('fetchLatestBuild'),
        afterEvent('pollInterval', IDLE),
        doneEvent('fetchLatestBuild', NEWER),
      ],
      then: {
        state: { active: { build: 'stale' } },
        context: { latestBuildId: 'build-2' },
        calls: ['fetchLatestBuild', 'fetchLatestBuild', 'fetchLatestBuild'],
      },
    },
    {
      name: 'going offline while waiting for the first check pauses it, coming back checks at once',
      events: [{ type: 'app.offline' }, { type: 'app.online' }, doneEvent('fetchLatestBuild', SAME)],
      then: {
        state: { active: { build: { polling: 'idle' } } },
        context: { latestBuildId: null },
        calls: ['fetchLatestBuild'],
      },
    },
    {
      name: 'going offline during a request cancels it, and polling resumes online',
      events: [
        afterEvent('firstCheckDelay', WAITING),
        { type: 'app.offline' },
        { type: 'app.online' },
        doneEvent('fetchLatestBuild', NEWER),
      ],
      then: {
        state: { active: { build: 'stale' } },
        context: { latestBuildId: 'build-2' },
        calls: ['fetchLatestBuild', 'fetchLatestBuild'],
      },
    },
    {
      name: 'a stale build waits for the payment to end, then reloads on the next navigation',
      events: [
        { type: 'payment.started' },
        afterEvent('firstCheckDelay', WAITING),
        doneEvent('fetchLatestBuild', NEWER),
        { type: 'navigation.requested', to: '/setting?type=0' },
        { type: 'payment.ended' },
        { type: 'navigation.requested', to: '/gameDetail/7' },
      ],
      then: { state: 'reloading', calls: ['fetchLatestBuild', { reloadPage: { to: '/gameDetail/7' } }] },
    },
    {
      name: 'a second payment can start after the first ended',
      events: [{ type: 'payment.started' }, { type: 'payment.ended' }, { type: 'payment.started' }],
      then: { state: { active: { payment: 'inProgress', build: { polling: 'waiting' } } }, calls: [] },
    },
  ],
});
