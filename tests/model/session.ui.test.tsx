import { describeUiModel } from '../support/model-ui-suite';
import { sessionModel } from './session.model';
import { sessionUi } from './session.ui';

await describeUiModel('Session machine model, driven through the UI', sessionModel, sessionUi, ['login', 'realName']);
