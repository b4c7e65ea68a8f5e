import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the top whenever the page (the path) changes; filters in the query string do not. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
