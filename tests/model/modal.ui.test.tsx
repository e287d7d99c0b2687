import { describeUiModel } from '../support/model-ui-suite';
import { modalModel } from './modal.model';
import { modalUi } from './modal.ui';

await describeUiModel('modal machine model, driven through the UI', modalModel, modalUi, ['login', 'pay', 'coupon']);
