import { useLingui } from '@lingui/react/macro';
import classes from './Marquee.module.css';

/** The scrolling notice of the top bar (SPEC §2), text from operator configuration. */
export function Marquee({ text }: { text: string }) {
  const { t } = useLingui();
  if (!text) return null;
  return (
    <div className={classes.strip} role="marquee" aria-label={t`Notice`} title={text}>
      <div className={classes.track}>
        <span>{text}</span>
      </div>
    </div>
  );
}
