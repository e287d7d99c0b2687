/**
 * Model of the phone + SMS login machine. The countdown is 2 s here (input),
 * so the model walks it to the end without 60 states per phone. One phone
 * and one code; the server may ask for a captcha, rate-limit the code,
 * answer `user_40404` (no account: register with the same code) or reject
 * the code.
 */
import { loginMachine } from '../../machines/login.machine';
import { afterEvent, defineModel, doneEvent, errorEvent } from '../support/model';
import { USER_A, failure } from './session-fixtures';

const PHONE = USER_A.telNum;
const COUNTING = 'login.code.countingDown';
const TOO_OFTEN = failure('sms_42901', '验证码发送过于频繁，请60秒后再试');
const UNREGISTERED = failure('user_40404', '该手机号未注册');
const WRONG_CODE = failure('sms_40001', '验证码错误');

export const loginModel = defineModel({
  machine: loginMachine,
  // Shortest paths only: the countdown's ticks and the resend loop make the simple paths combinatorial
  // (traversal does not finish in 20 s); the journeys cover the loops.
  paths: 'shortest',
  input: { countdownSeconds: 2 },
  events: {
    'login.opened': [{ type: 'login.opened' }],
    'login.sendCode': [{ type: 'login.sendCode', phone: PHONE }],
    'login.submit': [{ type: 'login.submit', phone: PHONE, code: '123456' }],
    // Another shopper (or nobody) now uses the tab: a logout, an expiry, another tab.
    'session.changed': [{ type: 'session.changed', user: null }],
  },
  invokes: {
    checkCaptcha: { done: [{ needCaptcha: false }, { needCaptcha: true }], error: [TOO_OFTEN] },
    sendCode: { done: [true], error: [TOO_OFTEN] },
    registerLogin: { done: [USER_A], error: [UNREGISTERED, WRONG_CODE] },
    registerPhone: { done: [USER_A], error: [WRONG_CODE] },
  },
  describeContext: (context) =>
    [
      context.secondsLeft ? `${context.secondsLeft}s left` : '',
      context.codeError ? `code error "${context.codeError}"` : '',
      context.submitError ? `login error "${context.submitError}"` : '',
    ]
      .filter(Boolean)
      .join(', '),
  journeys: [
    {
      name: 'a logout during the countdown forgets the phone and its countdown: the next shopper may ask for a code at once',
      events: [
        { type: 'login.sendCode', phone: PHONE },
        doneEvent('checkCaptcha', { needCaptcha: false }),
        doneEvent('sendCode', true),
        { type: 'session.changed', user: null },
        { type: 'login.sendCode', phone: '13900001111' },
        { type: 'session.changed', user: null },
      ],
      then: {
        state: { code: 'idle', submit: 'idle' },
        context: { phone: null, secondsLeft: 0, codeError: null },
        calls: [
          { checkCaptcha: { phone: PHONE } },
          { sendCode: { phone: PHONE } },
          { checkCaptcha: { phone: '13900001111' } },
        ],
      },
    },
    {
      name: 'the countdown ticks to zero and a new code can be asked for',
      events: [
        { type: 'login.sendCode', phone: PHONE },
        doneEvent('checkCaptcha', { needCaptcha: false }),
        doneEvent('sendCode', true),
        { type: 'login.sendCode', phone: PHONE },
        afterEvent('countdownTick', COUNTING),
        afterEvent('countdownTick', COUNTING),
        { type: 'login.sendCode', phone: PHONE },
      ],
      then: {
        state: { code: 'checkingCaptcha' },
        context: { secondsLeft: 0, phone: PHONE },
        calls: [{ checkCaptcha: { phone: PHONE } }, { sendCode: { phone: PHONE } }, { checkCaptcha: { phone: PHONE } }],
      },
    },
    {
      name: 'an unregistered phone is registered with the same code, and logging in again works',
      events: [
        { type: 'login.submit', phone: PHONE, code: '123456' },
        errorEvent('registerLogin', UNREGISTERED),
        doneEvent('registerPhone', USER_A),
        { type: 'login.submit', phone: PHONE, code: '123456' },
        doneEvent('registerLogin', USER_A),
      ],
      then: {
        state: { code: 'idle', submit: 'idle' },
        context: { credentials: null, submitError: null },
        calls: [
          { registerLogin: { phone: PHONE, code: '123456' } },
          { registerPhone: { phone: PHONE, code: '123456' } },
          { 'session.login': { user: { userId: USER_A.userId } } },
          { 'modal.close': { name: 'login' } },
          { registerLogin: { phone: PHONE, code: '123456' } },
          { 'session.login': { user: { userId: USER_A.userId } } },
          { 'modal.close': { name: 'login' } },
        ],
      },
    },
    {
      name: 'a wrong code is shown, reopening the modal clears it, and a wrong code at the registration that follows is shown too',
      events: [
        { type: 'login.submit', phone: PHONE, code: '123456' },
        errorEvent('registerLogin', WRONG_CODE),
        { type: 'login.opened' },
        { type: 'login.submit', phone: PHONE, code: '123456' },
        errorEvent('registerLogin', UNREGISTERED),
        errorEvent('registerPhone', WRONG_CODE),
      ],
      then: {
        state: { submit: 'idle' },
        context: { submitError: '验证码错误', credentials: null },
        calls: ['registerLogin', 'registerLogin', 'registerPhone'],
      },
    },
    {
      name: 'a code can be sent while a login is being checked',
      events: [
        { type: 'login.submit', phone: PHONE, code: '123456' },
        { type: 'login.sendCode', phone: PHONE },
        { type: 'login.submit', phone: PHONE, code: '123456' },
        doneEvent('checkCaptcha', { needCaptcha: true }),
        { type: 'login.sendCode', phone: PHONE },
        errorEvent('checkCaptcha', TOO_OFTEN),
      ],
      then: {
        state: { code: 'idle', submit: 'verifying' },
        context: { codeError: '验证码发送过于频繁，请60秒后再试', credentials: { phone: PHONE, code: '123456' } },
        calls: ['registerLogin', 'checkCaptcha', 'checkCaptcha'],
      },
    },
    {
      name: 'a rate-limited send shows the server message and may be retried',
      events: [
        { type: 'login.sendCode', phone: PHONE },
        doneEvent('checkCaptcha', { needCaptcha: false }),
        errorEvent('sendCode', TOO_OFTEN),
        { type: 'login.sendCode', phone: PHONE },
      ],
      then: {
        state: { code: 'checkingCaptcha' },
        context: { codeError: null, phone: PHONE },
        calls: ['checkCaptcha', 'sendCode', 'checkCaptcha'],
      },
    },
  ],
});
