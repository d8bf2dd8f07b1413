import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './BottomTabs.module.css';

const icon = (d: string): ReactNode => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** The main destinations, a thumb away on a phone (the sidebar holds them all behind "More"). */
const TABS = [
  { label: msg`Home`, to: '/dashboard', icon: icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z') },
  { label: msg`Plan`, to: '/dashboard/plan', icon: icon('M4 19V9m6 10V5m6 14v-7m4 7H2') },
  { label: msg`Top Up`, to: '/dashboard/topup', icon: icon('M12 5v14M5 12h14') },
  { label: msg`Withdraw`, to: '/dashboard/withdraw', icon: icon('M12 4v12m0 0l-5-5m5 5l5-5M5 20h14') },
  { label: msg`History`, to: '/dashboard/history', icon: icon('M12 7v5l3 2M21 12a9 9 0 1 1-9-9 9 9 0 0 1 9 9z') },
] as const;

/** A tab bar at the screen's foot below 600 px; hidden (display: none) on wider screens. */
export function BottomTabs() {
  const { t, i18n } = useLingui();
  const current = useLocation().pathname.replace(/\/+$/, '') || '/';
  return (
    <nav className={classes.bar} aria-label={t`Main destinations`} data-bottom-tabs="">
      {TABS.map((tab) => (
        <Link key={tab.to} to={tab.to} className={classes.tab} aria-current={current === tab.to ? 'page' : undefined}>
          {tab.icon}
          <span>{i18n._(tab.label)}</span>
        </Link>
      ))}
    </nav>
  );
}
