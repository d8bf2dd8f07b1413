import { Trans } from '@lingui/react/macro';
import { Group, Loader, Text } from '@mantine/core';
import classes from './FullPageLoader.module.css';

/**
 * A page on its way: the shape of a screen (a heading, figure cards, a block) in grey, and one status line that
 * says what is loading, so the first load is never a bare word on an empty page. Plain elements: this shows
 * before any screen's share of Mantine's styles has loaded.
 */
export function FullPageLoader({ label }: { label?: string }) {
  return (
    <div className={classes.page} data-testid="page-skeleton">
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" aria-hidden="true" />
        <Text c="dimmed" fz="sm">
          {label ?? <Trans>Loading the page...</Trans>}
        </Text>
      </Group>
      <div aria-hidden="true" className={classes.bones}>
        <div className={`${classes.bone} ${classes.title}`} />
        <div className={classes.cards}>
          <div className={classes.bone} />
          <div className={classes.bone} />
          <div className={classes.bone} />
          <div className={classes.bone} />
        </div>
        <div className={`${classes.bone} ${classes.block}`} />
      </div>
    </div>
  );
}
