/**
 * Model of the modal machine: fixtures for every event, outcomes for the
 * `loadModal` invoke, and journeys for what shortest paths skip. Two known
 * modals are enough to show stacking in both orders; `bogus` is the unknown
 * name the machine must ignore.
 */
import { modalMachine } from '../../machines/modal.machine';
import { defineModel, doneEvent, errorEvent } from '../support/model';

export const modalModel = defineModel({
  machine: modalMachine,
  events: {
    'modal.open': [
      { type: 'modal.open', name: 'login' },
      { type: 'modal.open', name: 'pay', props: { goodsId: 7 } },
      { type: 'modal.open', name: 'bogus' },
    ],
    'modal.close': [
      { type: 'modal.close', name: 'login' },
      { type: 'modal.close', name: 'pay' },
    ],
    'modal.closeAll': [{ type: 'modal.closeAll' }],
  },
  invokes: {
    loadModal: { done: [undefined], error: [new Error('chunk failed')] },
  },
  describeContext: (context) => {
    const open = context.stack.length ? `open ${context.stack.map((m) => m.name).join(' < ')}` : 'nothing open';
    return context.pending ? `${open}, loading ${context.pending.name}` : open;
  },
  journeys: [
    {
      name: 'a failed load opens nothing and a retry opens the modal',
      events: [{ type: 'modal.open', name: 'login' }, errorEvent('loadModal'), { type: 'modal.open', name: 'login' }, doneEvent('loadModal')],
    },
    {
      name: 'closing the open login dialog empties the stack',
      events: [{ type: 'modal.open', name: 'login' }, doneEvent('loadModal'), { type: 'modal.close', name: 'login' }],
    },
    {
      name: 'closing the login dialog while it loads again cancels that load, and the next try opens it',
      events: [
        { type: 'modal.open', name: 'login' },
        doneEvent('loadModal'),
        { type: 'modal.close', name: 'login' },
        { type: 'modal.open', name: 'login' },
        { type: 'modal.close', name: 'login' },
        { type: 'modal.open', name: 'login' },
        doneEvent('loadModal'),
      ],
    },
    {
      name: 'closing the modal being loaded cancels the load',
      events: [{ type: 'modal.open', name: 'pay' }, { type: 'modal.close', name: 'pay' }],
    },
    {
      name: 'closing an open modal under another keeps the top one, and it can be reopened',
      events: [
        { type: 'modal.open', name: 'pay' },
        doneEvent('loadModal'),
        { type: 'modal.open', name: 'login' },
        doneEvent('loadModal'),
        { type: 'modal.close', name: 'pay' },
        { type: 'modal.open', name: 'pay' },
        doneEvent('loadModal'),
      ],
    },
    {
      name: 'closing everything cancels a load in progress and empties the stack',
      events: [{ type: 'modal.open', name: 'login' }, doneEvent('loadModal'), { type: 'modal.open', name: 'pay' }, { type: 'modal.closeAll' }],
    },
    {
      name: 'closing everything while idle empties the stack',
      events: [{ type: 'modal.open', name: 'login' }, doneEvent('loadModal'), { type: 'modal.closeAll' }],
    },
  ],
});
