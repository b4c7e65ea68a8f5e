import type { ComponentType } from 'react';

/** A route's `lazy`: the page is its own chunk, fetched on first visit. */
export function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/** The id of the route whose children are the shop's pages, where the catch-all is added. */
export const PAGES = 'pages';
