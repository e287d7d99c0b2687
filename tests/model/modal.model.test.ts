// @vitest-environment node
import { describeModel } from '../support/model-suite';
import { modalModel } from './modal.model';

describeModel('modal machine model', modalModel);
