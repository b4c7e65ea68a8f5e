// The product page's own call: a buyer's review (docs/architecture.md section 2).
import { request } from '../../shared/api/api';
import type { Review } from '../../shared/api/shapes';

export const reviewApi = {
  send: (productId: number, rating: number, comment: string) =>
    request<{ message: string; review: Review; status: 'pending' }>('POST', `/products/${productId}/reviews/`, { rating, comment }),
};
