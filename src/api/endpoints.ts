/** Loads every resource module so the endpoint registry is complete. */
import './games';
import './game-detail';
import './goods';
import './assist';
import './dictionary';
import './user';
import './orders';
import './coupons';
import './attribution';
import './price-history';
import './wishlist';
import './cart';

export { registeredEndpoints } from './http';
