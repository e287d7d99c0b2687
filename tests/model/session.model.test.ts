// @vitest-environment node
import { describeModel } from '../support/model-suite';
import { sessionModel } from './session.model';

describeModel('session machine model', sessionModel);
