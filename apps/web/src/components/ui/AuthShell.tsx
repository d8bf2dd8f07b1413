import { Anchor, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import classes from './AuthShell.module.css';

/** The frame of every anonymous page: theme switch on top, legal links at the bottom. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <div className={classes.top}>
        <ColorSchemeToggle />
      </div>
      <main className={classes.main}>{children}</main>
      <footer className={classes.footer}>
        <Group justify="center" gap="md">
          <span>© SVP Invest</span>
          <Anchor href="/terms.html" target="_blank" rel="noopener" fz="xs">
            Terms &amp; Conditions
          </Anchor>
          <Anchor href="/policy.html" target="_blank" rel="noopener" fz="xs">
            Privacy Policy
          </Anchor>
        </Group>
      </footer>
    </div>
  );
}
