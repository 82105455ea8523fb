import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { LOGIN_PATH, loginHref } from '../../lib/loginRoute';
import { useHasSession } from '../../lib/session/useSession';

const SISID = /^\d+$/;

/**
 * The abstract main route `/:sisId` (spec 000 §2): needs a session, otherwise
 * login, which brings the user back here with all parameters afterwards.
 */
export function RequireSession() {
  const { sisId = '' } = useParams();
  const location = useLocation();
  const loggedIn = useHasSession();
  if (!SISID.test(sisId)) return <Navigate to={LOGIN_PATH} replace />;
  if (!loggedIn) return <Navigate to={loginHref(location.pathname + location.search)} replace />;
  return <Outlet />;
}
