// The checkout draft: what was typed survives a reload on a shaky connection (this tab only).
import { clearLastDelivery, lastDelivery } from '../../shared/api/orders';
import { initialCheckoutState, type CheckoutState } from './checkoutState';
import { firstInvalidStep, LAST_STEP, validateAll, type CheckoutForm } from './rules';

const DRAFT_KEY = 'checkout:draft';

export function loadDraft(): CheckoutState {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? 'null') as {
      form?: Partial<CheckoutForm>;
      step?: number;
    } | null;
    if (saved && typeof saved === 'object') {
      const state = initialCheckoutState(saved.form ?? {});
      // Reopen the step reached, but never past a step that is not filled in.
      const blocked = firstInvalidStep(validateAll(state.form)) ?? LAST_STEP;
      return { ...state, step: Math.min(Number(saved.step) || 1, blocked) };
    }
  } catch {
    // Unreadable or refused: start afresh.
  }
  // After "Order again", the checkout starts from that order's delivery choice.
  const last = lastDelivery();
  if (last) {
    return initialCheckoutState({ county: last.county, address: last.address, city: last.city, postalCode: last.postalCode, delivery: last.option });
  }
  return initialCheckoutState();
}

export function saveDraft(state: CheckoutState) {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ form: state.form, step: state.step }));
  } catch {
    // Storage refused: the form only lives on this page.
  }
}

export function clearDraft() {
  clearLastDelivery();
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was stored.
  }
}
