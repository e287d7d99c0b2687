import { describeModel } from '../support/model-suite';
import { couponPopupModel } from './coupon-popup.model';

describeModel('coupon popup machine model', couponPopupModel);
