// @vitest-environment node
import { describeModel } from '../support/model-suite';
import { paymentModel } from './payment.model';

describeModel('payment machine model', paymentModel);
