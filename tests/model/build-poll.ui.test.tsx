import { describeUiModel } from '../support/model-ui-suite';
import { buildPollModel } from './build-poll.model';
import { buildPollUi } from './build-poll.ui';

await describeUiModel('build-poll machine model, driven through the UI', buildPollModel, buildPollUi, ['pay']);
