import { useParams } from 'react-router';

/**
 * The part of a back-office address below its screen's own: 'ORDER-1' in /admin/orders/ORDER-1,
 * '' in /admin/orders. The shell matches the screen by the first part, the screen reads the rest.
 */
export function useSubPath(): string {
  const rest = useParams()['*'] ?? '';
  const slash = rest.indexOf('/');
  return slash < 0 ? '' : rest.slice(slash + 1);
}
