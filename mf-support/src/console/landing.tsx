import { useEffect } from 'react';
import { Spinner } from '@fluentui/react-components';
import { useNavigate } from 'shared-ui/router';
import { session } from 'shared-ui';

/**
 * The console's landing rule (spec 3 §2): with a company database stored, go to /dashboard;
 * without one there is nothing to work on, so the stored token and database are cleared and the
 * page reloads onto the sign-in page.
 */
export function Landing() {
  const navigate = useNavigate();
  useEffect(() => {
    if (session.get('database')) {
      navigate('/dashboard', { replace: true });
      return;
    }
    session.set('token', null);
    session.set('database', null);
    window.location.reload();
  }, [navigate]);
  return <Spinner label="Opening the support console" />;
}
