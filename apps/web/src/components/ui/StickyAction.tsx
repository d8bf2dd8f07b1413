import type { ReactNode } from 'react';
import classes from './StickyAction.module.css';

/**
 * A money form's primary action: on a phone it stays in view at the screen's foot (above the tab bar) while the
 * form scrolls, as a banking app's "Continue" does; on a wide screen it sits where it is.
 */
export function StickyAction({ children }: { children: ReactNode }) {
  return (
    <div className={classes.sticky} data-testid="sticky-action">
      {children}
    </div>
  );
}
