import { describeUiModel } from '../support/model-ui-suite';
import { payGateModel } from './pay-gate.model';
import { payGateUi } from './pay-gate.ui';

await describeUiModel('Pay gate machine model, driven through the UI', payGateModel, payGateUi, [
  'login',
  'realName',
  'pay',
]);
