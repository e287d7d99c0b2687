import { describeUiModel } from '../support/model-ui-suite';
import { couponPopupModel } from './coupon-popup.model';
import { couponPopupUi } from './coupon-popup.ui';

await describeUiModel('coupon popup machine model, driven through the UI', couponPopupModel, couponPopupUi, [
  'coupon',
  'login',
]);
