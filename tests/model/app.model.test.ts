// @vitest-environment node
import { describeModel } from '../support/model-suite';
import { appModel } from './app.model';

describeModel('app machine model', appModel);
