import { Badge, Stack, Text, Title } from '@mantine/core';
import { SIGN_IN_OUTCOME_LABEL } from '@svp/shared';
import { Fragment } from 'react';
import { formatDateTime } from '../../../lib/text';
import { useSignIns } from '../api/account';
import classes from './SignInHistory.module.css';
import { SettingsQuery } from './SettingsQuery';

const OUTCOME_COLOR: Partial<Record<string, string>> = { success: 'teal', failed: 'red' };

/** An outcome in words: a value this page does not know yet (a newer server) is shown as sent, never dropped. */
function outcomeOf(value: string): { label: string; color: string } {
  const label = (SIGN_IN_OUTCOME_LABEL as Partial<Record<string, string>>)[value];
  return { label: label ?? value.replace(/[-_]+/g, ' '), color: OUTCOME_COLOR[value] ?? 'orange' };
}

/** An IPv6 address may break after a colon, never inside a group; an IPv4 address stays whole. */
function Address({ ip }: { ip: string | null }) {
  if (!ip) return 'Unknown';
  const groups = ip.split(':');
  return groups.map((group, index) => (
    <Fragment key={index}>
      {group}
      {index < groups.length - 1 && (
        <>
          :<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** The last 20 sign-ins and failed attempts: time, address, device, outcome; a card each on a phone. */
export function SignInHistory() {
  const signIns = useSignIns();
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5" id="sign-ins-title">
        Recent sign-ins
      </Title>
      <SettingsQuery query={signIns}>
        {(entries) =>
          entries.length === 0 ? (
            <Text c="dimmed" fz="sm">
              No sign-ins yet.
            </Text>
          ) : (
            <ul className={classes.list} aria-labelledby="sign-ins-title">
              <li className={`${classes.row} ${classes.heading}`} aria-hidden>
                <span>Time</span>
                <span>Address</span>
                <span>Device</span>
                <span>Outcome</span>
              </li>
              {entries.map((entry, index) => {
                const outcome = outcomeOf(entry.outcome);
                return (
                  <li key={`${entry.at}-${index}`} className={classes.row} data-testid="sign-in-row">
                    <span>
                      <span className={classes.name}>Time</span>
                      {formatDateTime(entry.at)}
                    </span>
                    <span className={classes.address}>
                      <span className={classes.name}>Address</span>
                      <Address ip={entry.ip} />
                    </span>
                    <span className={classes.device}>
                      <span className={classes.name}>Device</span>
                      {entry.device}
                    </span>
                    <span className={classes.outcome}>
                      <span className={classes.name}>Outcome</span>
                      <Badge color={outcome.color} variant="light" tt="none">
                        {outcome.label}
                      </Badge>
                    </span>
                  </li>
                );
              })}
            </ul>
          )
        }
      </SettingsQuery>
    </Stack>
  );
}
