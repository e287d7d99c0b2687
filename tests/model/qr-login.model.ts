/**
 * Model of the QR-code login machine. One QR code; the check may answer
 * waiting, scanned (with a session code) or expired, or fail; the page may be
 * hidden and shown again; the panel may go away at any time.
 */
import { qrLoginMachine } from '../../machines/qr-login.machine';
import type { QrCode, QrStatus } from '../../src/api/user';
import { afterEvent, defineModel, doneEvent, errorEvent } from '../support/model';
import { USER_A, failure } from './session-fixtures';

const QR: QrCode = { qrId: 'qr1', qrImage: '/webapi/static/qr/qr1.svg', expireSeconds: 120 };
const WAITING: QrStatus = { status: 'waiting', sessionCode: null };
const SCANNED: QrStatus = { status: 'scanned', sessionCode: 'sc_1' };
const EXPIRED: QrStatus = { status: 'expired', sessionCode: null };
const POLL_WAITING = 'qrLogin.active.polling.waiting';

export const qrLoginModel = defineModel({
  machine: qrLoginMachine,
  events: {
    'qrLogin.start': [{ type: 'qrLogin.start' }],
    'qrLogin.stop': [{ type: 'qrLogin.stop' }],
    'qrLogin.hidden': [{ type: 'qrLogin.hidden' }],
    'qrLogin.visible': [{ type: 'qrLogin.visible' }],
    'qrLogin.refresh': [{ type: 'qrLogin.refresh' }],
  },
  invokes: {
    fetchQrCode: { done: [QR], error: [failure('http', '二维码获取失败，请点击刷新')] },
    checkQrStatus: { done: [WAITING, SCANNED, EXPIRED], error: [failure('network', '网络连接失败')] },
    loginBySessionCode: { done: [USER_A], error: [failure('qr_40001', '登录凭证无效或已使用，请重新扫码')] },
  },
  describeContext: (context) =>
    [
      context.qr ? 'code shown' : '',
      context.sessionCode ? 'scanned' : '',
      context.error ? `error "${context.error}"` : '',
    ]
      .filter(Boolean)
      .join(', '),
  journeys: [
    {
      name: 'polls every interval until the code is scanned, then logs in and stops',
      events: [
        { type: 'qrLogin.start' },
        doneEvent('fetchQrCode', QR),
        afterEvent('qrPollInterval', POLL_WAITING),
        doneEvent('checkQrStatus', WAITING),
        afterEvent('qrPollInterval', POLL_WAITING),
        errorEvent('checkQrStatus'),
        afterEvent('qrPollInterval', POLL_WAITING),
        doneEvent('checkQrStatus', SCANNED),
        doneEvent('loginBySessionCode', USER_A),
      ],
      then: {
        state: 'inactive',
        context: { qr: null, sessionCode: null },
        calls: [
          'fetchQrCode',
          { checkQrStatus: { qrId: 'qr1' } },
          { checkQrStatus: { qrId: 'qr1' } },
          { checkQrStatus: { qrId: 'qr1' } },
          { loginBySessionCode: { sessionCode: 'sc_1' } },
          { 'session.login': { user: { userId: USER_A.userId } } },
          { 'modal.close': { name: 'login' } },
        ],
      },
    },
    {
      name: 'an expired code is refreshed on request',
      events: [
        { type: 'qrLogin.start' },
        doneEvent('fetchQrCode', QR),
        afterEvent('qrPollInterval', POLL_WAITING),
        doneEvent('checkQrStatus', EXPIRED),
        { type: 'qrLogin.refresh' },
        doneEvent('fetchQrCode', QR),
      ],
      then: {
        state: { active: { polling: 'waiting' } },
        context: { qr: QR, error: null },
        calls: ['fetchQrCode', 'checkQrStatus', 'fetchQrCode'],
      },
    },
    {
      name: 'a hidden page pauses polling and checks at once when shown again',
      events: [
        { type: 'qrLogin.start' },
        doneEvent('fetchQrCode', QR),
        { type: 'qrLogin.hidden' },
        { type: 'qrLogin.visible' },
        doneEvent('checkQrStatus', WAITING),
      ],
      then: {
        state: { active: { polling: 'waiting' } },
        context: { qr: QR },
        calls: ['fetchQrCode', { checkQrStatus: { qrId: 'qr1' } }],
      },
    },
    {
      name: 'a page hidden before the code arrived fetches one when shown again',
      events: [
        { type: 'qrLogin.start' },
        { type: 'qrLogin.hidden' },
        { type: 'qrLogin.visible' },
        doneEvent('fetchQrCode', QR),
      ],
      then: { state: { active: { polling: 'waiting' } }, context: { qr: QR }, calls: ['fetchQrCode', 'fetchQrCode'] },
    },
    {
      name: 'a failed fetch or login offers a refresh, and closing the panel stops everything',
      events: [
        { type: 'qrLogin.start' },
        errorEvent('fetchQrCode'),
        { type: 'qrLogin.refresh' },
        doneEvent('fetchQrCode', QR),
        afterEvent('qrPollInterval', POLL_WAITING),
        doneEvent('checkQrStatus', SCANNED),
        errorEvent('loginBySessionCode'),
        { type: 'qrLogin.stop' },
        { type: 'qrLogin.start' },
      ],
      then: {
        state: { active: 'fetchingCode' },
        context: { qr: null, error: null },
        calls: ['fetchQrCode', 'fetchQrCode', 'checkQrStatus', 'loginBySessionCode', 'fetchQrCode'],
      },
    },
  ],
});
