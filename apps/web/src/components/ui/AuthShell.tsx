import { Trans } from '@lingui/react/macro';
import { Anchor, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguagePicker } from '../../shared/language/LanguagePicker';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { legalPage } from '../../shared/language/i18n';
import classes from './AuthShell.module.css';

/** The frame of every anonymous page: language and theme on top, legal links at the bottom. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <div className={classes.top}>
        <LanguagePicker />
        <ColorSchemeToggle />
      </div>
      <main className={classes.main}>{children}</main>
      <footer className={classes.footer}>
        <Group justify="center" gap="md">
          <span>© SVP Invest</span>
          <Anchor href={legalPage('terms')} target="_blank" rel="noopener" fz="xs">
            <Trans>Terms &amp; Conditions</Trans>
          </Anchor>
          <Anchor href={legalPage('policy')} target="_blank" rel="noopener" fz="xs">
            <Trans>Privacy Policy</Trans>
          </Anchor>
        </Group>
      </footer>
    </div>
  );
}
