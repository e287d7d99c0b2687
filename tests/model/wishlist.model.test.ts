import { describeModel } from '../support/model-suite';
import { wishlistModel } from './wishlist.model';

describeModel('wishlist machine model', wishlistModel);
