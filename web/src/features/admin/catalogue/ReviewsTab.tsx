import { useState } from 'react';
import { SelectField } from '../../../shared/ui/form/SelectField';
import { Stars } from '../../../shared/ui/Stars';
import type { AdminReview, ReviewStatus } from '../../../shared/api/shapes';
import { adminApi } from '../../../shared/api/admin';
import { Badge, LoadState, Note, errorText, formatDate, type NoteState } from '../../../shared/ui/controls';
import { Button } from '../../../shared/ui/Button';
import { useResource } from '../../../shared/hooks/useResource';

/**
 * Buyers' reviews (docs/product.md section 5): pending ones first, each approved or rejected. Only
 * approved reviews show on the product page and count in its rating. Comments are text: React
 * escapes them, never rendered as HTML.
 */
export function ReviewsTab() {
  const [status, setStatus] = useState<ReviewStatus | ''>('pending');
  const [page, setPage] = useState(1);
  const [tick, setTick] = useState(0);
  const list = useResource(`${status}:${page}:${tick}`, () => adminApi.reviews({ status, page }), { cache: false });
  const [note, setNote] = useState<NoteState>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function decide(r: AdminReview, to: 'approved' | 'rejected') {
    setBusy(r.id);
    try {
      await adminApi.setReviewStatus(r.id, to);
      setNote({ kind: 'ok', text: `${to === 'approved' ? 'Approved' : 'Rejected'} the review of ${r.product_name} by ${r.name}.` });
      setTick((t) => t + 1);
    } catch (err) {
      setNote({ kind: 'error', text: errorText(err, 'The review could not be changed.') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <SelectField
          compact
          id="reviews-status"
          label="Show"
          value={status}
          onChange={(v) => {
            setStatus(v as ReviewStatus | '');
            setPage(1);
          }}
        >
          <option value="pending">Waiting for approval</option>
          <option value="approved">Approved</option>
          <option value="rejected">Rejected</option>
          <option value="">All reviews</option>
        </SelectField>
      </div>
      <Note note={note} />
      <LoadState loaded={list} what="the reviews" loading="Loading reviews…">
        {(reviews) =>
          reviews.count === 0 ? (
            <p className="text-stone-700">{status === 'pending' ? 'No reviews are waiting for approval.' : 'No reviews here.'}</p>
          ) : (
            <>
              <ul className="space-y-3" aria-label="Reviews">
                {reviews.results.map((r) => (
                  <li key={r.id} className="rounded-md border border-stone-200 bg-white p-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-stone-900">{r.product_name}</span>
                      <Stars rating={r.rating} />
                      <Badge tone={r.status === 'approved' ? 'green' : r.status === 'rejected' ? 'red' : 'amber'}>{r.status}</Badge>
                    </div>
                    <p className="mt-1 text-sm text-stone-700">
                      {r.name}, {formatDate(r.created_at)}
                    </p>
                    {r.comment ? <p className="mt-2 whitespace-pre-line text-stone-800">{r.comment}</p> : <p className="mt-2 text-stone-600">No comment.</p>}
                    <div className="mt-2 flex gap-2">
                      {r.status !== 'approved' && (
                        <Button disabled={busy === r.id} onClick={() => void decide(r, 'approved')} aria-label={`Approve the review by ${r.name} of ${r.product_name}`}>
                          Approve
                        </Button>
                      )}
                      {r.status !== 'rejected' && (
                        <Button variant="danger" disabled={busy === r.id} onClick={() => void decide(r, 'rejected')} aria-label={`Reject the review by ${r.name} of ${r.product_name}`}>
                          Reject
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              <div className="flex gap-2">
                {reviews.previous && (
                  <Button variant="secondary" onClick={() => setPage(page - 1)}>
                    Previous
                  </Button>
                )}
                {reviews.next && (
                  <Button variant="secondary" onClick={() => setPage(page + 1)}>
                    Next
                  </Button>
                )}
              </div>
            </>
          )
        }
      </LoadState>
    </div>
  );
}
