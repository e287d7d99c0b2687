import { describeModel } from '../support/model-suite';
import { cartModel } from './cart.model';

describeModel('cart machine model', cartModel);
