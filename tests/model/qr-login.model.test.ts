// @vitest-environment node
import { describeModel } from '../support/model-suite';
import { qrLoginModel } from './qr-login.model';

describeModel('QR login machine model', qrLoginModel);
