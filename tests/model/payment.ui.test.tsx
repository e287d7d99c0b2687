import { describeUiModel } from '../support/model-ui-suite';
import { paymentModel } from './payment.model';
import { paymentUi } from './payment.ui';

await describeUiModel('Payment machine model, driven through the UI', paymentModel, paymentUi, [
  'login',
  'pay',
  'paySuccess',
]);
