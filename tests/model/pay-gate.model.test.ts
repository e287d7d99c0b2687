// @vitest-environment node
import { describeModel } from '../support/model-suite';
import { payGateModel } from './pay-gate.model';

describeModel('pay gate machine model', payGateModel);
