import { describeUiModel } from '../support/model-ui-suite';
import { loginModel } from './login.model';
import { loginUi } from './login.ui';

await describeUiModel('login machine model, driven through the UI', loginModel, loginUi);
