// @vitest-environment node
import { describeModel } from '../support/model-suite';
import { autoLoginModel } from './auto-login.model';

describeModel('auto-login machine model', autoLoginModel);
