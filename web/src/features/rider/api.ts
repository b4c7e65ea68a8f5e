// The rider's screen's calls: the day's deliveries and the actions at the door.
import { request } from '../../shared/api/api';
import type { RiderDay, RiderDelivery, RiderPrompt } from '../../shared/api/shapes';

const one = (orderId: string) => `/rider/deliveries/${encodeURIComponent(orderId)}/`;

export function riderDay(date: string | null, signal?: AbortSignal): Promise<RiderDay> {
  return request('GET', `/rider/deliveries/${date ? `?date=${encodeURIComponent(date)}` : ''}`, undefined, { signal });
}

export function riderDelivery(orderId: string): Promise<RiderDelivery> {
  return request('GET', one(orderId));
}

export function collectPayment(orderId: string, phone: string): Promise<RiderPrompt> {
  return request('POST', `${one(orderId)}collect/`, phone.trim() ? { phone: phone.trim() } : {});
}

export function markDelivered(orderId: string, code: string): Promise<RiderDelivery> {
  return request('POST', `${one(orderId)}delivered/`, code.trim() ? { code: code.trim() } : {});
}

export function markRefused(orderId: string, reason: string): Promise<RiderDelivery> {
  return request('POST', `${one(orderId)}refused/`, { reason });
}
