// @vitest-environment node
import { describeModel } from '../support/model-suite';
import { loginModel } from './login.model';

describeModel('login machine model', loginModel);
