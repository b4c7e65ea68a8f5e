import { useParams } from 'react-router';
import AgentPage from '../features/agent/AgentPage';
import RiderPage from '../features/rider/RiderPage';
import { ErrorScreen } from './ErrorScreen';

/**
 * /rider and /agent: the screens of those roles, and the 404 of any other address the app does not
 * know, behind the one catch-all route, so that the storefront's first load carries one entry for
 * them all (web/src/app/routes.tsx).
 */
export default function RoleScreen() {
  const screen = useParams()['*'];
  if (screen === 'rider') return <RiderPage />;
  if (screen === 'agent') return <AgentPage />;
  return <ErrorScreen notFound />;
}
