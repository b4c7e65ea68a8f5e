// The review form's rules and messages (docs/product.md section 8). The server checks the same
// with the same words (internal/review/review.go).
import { liveTexts } from '../../shared/i18n/i18n';
import { productMessages } from './messages';

// Read when they are shown, so they come in the language shown.
export const REVIEW = liveTexts(() => productMessages().review);

export const MAX_REVIEW_COMMENT = 1000;

export interface ReviewForm {
  rating: number;
  comment: string;
}

export function validateReview(f: ReviewForm): Partial<Record<keyof ReviewForm, string>> {
  const e: Partial<Record<keyof ReviewForm, string>> = {};
  if (!Number.isInteger(f.rating) || f.rating < 1 || f.rating > 5) e.rating = REVIEW.rating;
  if ([...f.comment.trim()].length > MAX_REVIEW_COMMENT) e.comment = REVIEW.comment;
  return e;
}
