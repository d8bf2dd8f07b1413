import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api';
import { AppProviders } from './AppProviders';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => {
    // A 401 means the session ended on the server: the client has already dropped the stored user.
    setUnauthorizedHandler(() => void router.navigate('/', { replace: true }));
    return () => setUnauthorizedHandler(null);
  }, [router]);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
