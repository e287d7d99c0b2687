// @vitest-environment node
import { describeModel } from '../support/model-suite';
import { buildPollModel } from './build-poll.model';

describeModel('build-poll machine model', buildPollModel);
