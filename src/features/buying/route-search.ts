/** What buying's route accepts in the URL: `/orderDateil?id=`, the order to show (empty when missing or unreadable). */
import * as z from 'zod/mini';
import { text } from '../../shared/search-fields';

export const OrderDetailSearchSchema = z.object({
  id: z.catch(text, ''),
});
