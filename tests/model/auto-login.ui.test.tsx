import { describeUiModel } from '../support/model-ui-suite';
import { autoLoginModel } from './auto-login.model';
import { autoLoginUi } from './auto-login.ui';

await describeUiModel('auto-login machine model, driven through the UI', autoLoginModel, autoLoginUi, ['autoLogin']);
