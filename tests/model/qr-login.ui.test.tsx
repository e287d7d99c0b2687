import { describeUiModel } from '../support/model-ui-suite';
import { qrLoginModel } from './qr-login.model';
import { qrLoginUi } from './qr-login.ui';

await describeUiModel('QR login machine model, driven through the UI', qrLoginModel, qrLoginUi);
