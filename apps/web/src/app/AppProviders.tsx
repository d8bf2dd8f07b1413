import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { LazyNotifications } from '../components/ui/LazyNotifications';
import { LanguageProvider } from '../shared/language/LanguageProvider';
import { cssVariablesResolver, theme } from './theme';

/**
 * Everything but the router and the query cache, so component tests can wrap a screen in a MemoryRouter instead.
 * The query cache is each screen's (QueryArea.tsx): the login page does without it.
 */
export function AppProviders({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <LanguageProvider>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" env={env}>
        {/* At the foot, clear of the header's controls (and, on a phone, above the tab bar: styles.css). */}
        <LazyNotifications position="bottom-right" />
        {children}
      </MantineProvider>
    </LanguageProvider>
  );
}
