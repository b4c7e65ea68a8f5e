import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormMessage, SubmitButton } from '../../shared/ui/form/FormMessage';
import { TextAreaField } from '../../shared/ui/form/TextAreaField';
import { ApiError } from '../../shared/api/api';
import { productMessages } from './messages';
import { useSession } from '../../shared/api/useSession';
import { reviewApi } from './api';
import { MAX_REVIEW_COMMENT, REVIEW, validateReview } from './reviewRules';

/**
 * A buyer's review of the product (docs/product.md section 2, product page): stars and a comment,
 * sent for approval. A visitor who is not signed in sees a plain note; the server decides whether
 * a signed-in customer bought the product and says so.
 */
export function ReviewForm({ productId }: { productId: number }) {
  const session = useSession();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const m = productMessages().reviewForm;

  if (!session) {
    return (
      <p className="mt-4 text-stone-700">
        <Link to="/login" state={{ from: window.location.pathname }} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          {REVIEW.signIn}
        </Link>
      </p>
    );
  }
  if (message?.kind === 'success') {
    return (
      <div className="mt-4">
        <FormMessage kind="success">{message.text}</FormMessage>
      </div>
    );
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const bad = validateReview({ rating, comment });
    setErrors(bad);
    if (Object.keys(bad).length > 0) return;
    setBusy(true);
    setMessage(null);
    try {
      await reviewApi.send(productId, rating, comment.trim());
      setMessage({ kind: 'success', text: REVIEW.thanks });
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      setMessage({ kind: 'error', text: err instanceof Error && err.message ? err.message : REVIEW.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={send} aria-labelledby="review-form-title" className="mt-6 max-w-xl space-y-4 rounded-lg border border-earth-200 bg-white p-4">
      <h3 id="review-form-title" className="text-lg font-bold text-brand-900">
        {m.title}
      </h3>
      <fieldset aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend className="font-semibold text-stone-900">{m.rating}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setErrors({ ...errors, rating: undefined });
                }}
                aria-label={m.stars(n)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`inline-flex h-11 w-11 items-center justify-center rounded-md text-2xl peer-focus-visible:ring-2 peer-focus-visible:ring-earth-500 ${
                  n <= rating ? 'text-earth-700' : 'text-stone-400'
                }`}
              >
                ★
              </span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id="review-rating-error" className="mt-1 text-sm text-red-800">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <TextAreaField
        id="review-comment"
        label={m.comment}
        optional
        hint={m.commentHint(MAX_REVIEW_COMMENT.toLocaleString('en-KE'))}
        value={comment}
        onChange={(v) => {
          setComment(v);
          setErrors({ ...errors, comment: undefined });
        }}
        error={errors.comment}
      />
      {message && <FormMessage kind="error">{message.text}</FormMessage>}
      <SubmitButton busy={busy} label={m.send} busyLabel={m.sending} />
    </form>
  );
}
