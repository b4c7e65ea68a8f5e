// The review form's rules and messages (docs/product.md section 8). The server checks the same
// with the same words (internal/catalog/reviews.go).

export const REVIEW = {
  rating: 'Please choose a rating from 1 to 5 stars',
  comment: 'Your comment must be at most 1,000 characters',
  thanks: 'Thank you - your review will appear once approved',
  signIn: 'Sign in to review a product you bought from us.',
  failed: 'Your review could not be sent. Please try again.',
} as const;

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
